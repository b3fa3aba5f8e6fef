import { escapeMarkup } from '../content/markup';
import { STORAGE_KEYS } from '../core/constants';
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, LANGUAGES, type Language } from './languages';
import type { Translate } from './text';

// What a page shows before the app runs (the home page's hero, the startup line) is written in English
// into the built HTML, each text carrying its translations in data-{language} attributes. The page's
// first script puts the visitor's language's words in place before the first paint, choosing the
// language as the app will (languageStart.ts): ?lang=, else the device's choice, else the browser's.

export type OpeningTranslators = Partial<Record<Language, Translate>>;

/** An opening text's translations, as attributes: ` data-sn="..." data-nd="..."`. */
export function languageAttributes(words: (tr: Translate) => string, translators: OpeningTranslators): string {
  return LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE && translators[l])
    .map((l) => ` data-${l}="${escapeMarkup(words(translators[l]!))}"`)
    .join('');
}

/** The script that swaps the opening's texts into the visitor's language (run after #root, see firstScript). */
export function openingLanguageScript(): string {
  const stored = JSON.stringify(STORAGE_KEYS.language);
  const all = JSON.stringify(LANGUAGES);
  const param = JSON.stringify(`[?&]${LANGUAGE_PARAM}=([a-z]+)`);
  return (
    `(function(){try{var L=${all},q=new RegExp(${param}).exec(location.search),l=q&&L.indexOf(q[1])>=0?q[1]:null,b=localStorage.getItem(${stored}),` +
    `n=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language],i;if(l==null&&L.indexOf(b)>=0)l=b;` +
    `for(i=0;l==null&&i<n.length;i++){b=String(n[i]).toLowerCase().split(/[-_]/)[0];if(L.indexOf(b)>=0)l=b}` +
    `if(l==null||l===${JSON.stringify(DEFAULT_LANGUAGE)})return;` +
    `var e=document.getElementById('root').querySelectorAll('[data-'+l+']');for(i=0;i<e.length;i++)e[i].textContent=e[i].getAttribute('data-'+l)}catch(e){}})()`
  );
}
