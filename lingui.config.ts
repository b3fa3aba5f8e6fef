import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/** The content pages' folder: its texts go to the pages' catalogues. */
const CONTENT_PAGES = 'src/app/features/pages';

// The texts' catalogues (issue 39): `npm run i18n:extract` collects every text marked /*i18n*/ in
// the code into one catalogue per language; `npm run i18n:compile` turns them into the modules the
// app and the server load. English is the source (the specification's words, in the code).
// The content pages' long texts (about, guides, questions, terms, privacy, cookies) have catalogues of
// their own, loaded only with those pages, so the interface's catalogue a first screen waits for stays small.
export default defineConfig({
  locales: ['en', 'sn', 'nd'],
  sourceLocale: 'en',
  catalogs: [
    { path: '<rootDir>/src/domain/i18n/catalogues/{locale}', include: ['<rootDir>/src'], exclude: [`<rootDir>/${CONTENT_PAGES}/**`] },
    { path: '<rootDir>/src/domain/i18n/catalogues/pages/{locale}', include: [`<rootDir>/${CONTENT_PAGES}`] },
  ],
  format: formatter({ origins: false, lineNumbers: false, explicitIdAsDefault: true }),
  compileNamespace: 'ts',
  orderBy: 'messageId',
});
