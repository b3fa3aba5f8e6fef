import { useEffect, useState } from 'react';
import type { Messages } from '@lingui/core';
import type { Language } from '@/domain/i18n/languages';
import { english, type Translate } from '@/domain/i18n/text';
import { useLanguage } from '@/app/shared/i18n/language';

// The content pages' texts (issue 39). Their long words (the guides, the questions, the terms) have
// catalogues of their own, fetched with the first content page read in Shona or isiNdebele and then
// kept (here, and by the service worker for offline use), so the interface's catalogue stays small.

const CATALOGUES: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  sn: () => import('@/domain/i18n/catalogues/pages/sn'),
  nd: () => import('@/domain/i18n/catalogues/pages/nd'),
};

const loaded = new Map<Language, Translate>([['en', english]]);

async function load(language: Exclude<Language, 'en'>): Promise<Translate> {
  const [{ createTranslator }, { messages }] = await Promise.all([import('@/domain/i18n/translate'), CATALOGUES[language]()]);
  const translator = createTranslator(language, messages);
  translator.onMissing((text) => console.warn(`Motokari: no ${language} text for "${text}"`));
  loaded.set(language, translator.t);
  return translator.t;
}

/** The content pages' texts in the language the app speaks; null while its catalogue is on its way. */
export function usePageText(): Translate | null {
  const language = useLanguage();
  const [, setReady] = useState<Language | null>(null);
  useEffect(() => {
    if (language === 'en' || loaded.has(language)) return;
    let current = true;
    load(language).then(
      () => current && setReady(language),
      (err: unknown) => console.warn('the content pages’ texts could not be loaded', err),
    );
    return () => {
      current = false;
    };
  }, [language]);
  return loaded.get(language) ?? null;
}
