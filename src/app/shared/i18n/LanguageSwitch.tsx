import { NativeSelect } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@/domain/i18n/languages';
import { t, useLanguage } from './language';
import { chooseLanguage } from './languageChoice';
import { LANGUAGE_SWITCH_WIDTH_PX } from '../shell/shellLook';

/** The language switch of the top bar and the mobile menu (issue 39): each language named in itself. */
export function LanguageSwitch({ onChoose, size = 'xs' }: { onChoose?: () => void; size?: 'xs' | 'sm' }) {
  const language = useLanguage();
  return (
    <NativeSelect
      size={size}
      aria-label={t(/*i18n*/ 'Language')}
      data-language-switch
      value={language}
      data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      onChange={(e) => {
        const next = e.currentTarget.value;
        if (!isLanguage(next) || next === language) return;
        void chooseLanguage(next).then(onChoose, (err: unknown) => console.warn('language not changed', err));
      }}
      w={size === 'xs' ? LANGUAGE_SWITCH_WIDTH_PX : undefined}
    />
  );
}
