import { useEffect, useRef, useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { WORDS_MAX_CHARS } from '@/domain/search/words';
import { t } from '@/app/shared/i18n/language';

/** How long typing pauses before the words are searched (Enter searches at once). */
const TYPING_PAUSE_MS = 350;

function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/**
 * The words search box (issue 20): free text over make, model, variant, year, place and seller
 * (src/domain/search/words.ts). `onSearch` is told on Enter, and, with `whileTyping`, when typing
 * pauses; the box follows `value` when it changes elsewhere (a chip removed, a saved search opened).
 */
export function WordsSearchBox({
  value,
  onSearch,
  whileTyping = false,
  ...input
}: { value: string; onSearch: (words: string) => void; whileTyping?: boolean } & Omit<TextInputProps, 'value' | 'onChange' | 'onSubmit'>) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // Only a value changed elsewhere replaces the text: the echo of words sent while the person types on
  // must not undo the letters typed since.
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  const search = (words: string) => {
    const trimmed = words.trim();
    if (trimmed === sent.current) return;
    sent.current = trimmed;
    onSearch(trimmed);
  };
  useEffect(() => {
    if (!whileTyping) return;
    const timer = setTimeout(() => search(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a pause after the text changes, whatever the handler's identity
  }, [text, whileTyping]);
  return (
    <TextInput
      type="search"
      enterKeyHint="search"
      label={t(/*i18n*/ 'Search')}
      placeholder={t(/*i18n*/ 'Search make, model, place…')}
      leftSection={<SearchIcon />}
      maxLength={WORDS_MAX_CHARS}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          search(e.currentTarget.value);
        }
      }}
      {...input}
    />
  );
}
