import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// The texts' catalogues (issue 39): `npm run i18n:extract` collects every text marked /*i18n*/ in
// the code into one catalogue per language; `npm run i18n:compile` turns them into the modules the
// app and the server load. English is the source (the specification's words, in the code).
export default defineConfig({
  locales: ['en', 'sn', 'nd'],
  sourceLocale: 'en',
  catalogs: [{ path: '<rootDir>/src/domain/i18n/catalogues/{locale}', include: ['<rootDir>/src'] }],
  format: formatter({ origins: false, lineNumbers: false, explicitIdAsDefault: true }),
  compileNamespace: 'ts',
  orderBy: 'messageId',
});
