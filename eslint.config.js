// The design's import arrows (../shared/DESIGN.md, "Shape") and the domain's purity, checked by rule rather than by memory.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

/** The app's features: the agreed list, and any folder in src/app/features not on it yet, so a new feature is fenced off from its first file. */
const AGREED_FEATURES = ['search', 'vehicle', 'dealer', 'account', 'wizard', 'payments', 'dashboard', 'admin', 'prompts', 'push', 'pages'];

function featuresIn(root) {
  const dir = path.join(root, 'src', 'app', 'features');
  const found = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
  return [...new Set([...AGREED_FEATURES, ...found])];
}

/** DESIGN's table: who may import whom. tests/ may import anything; the app types the workers it talks to through Comlink. */
function zonesIn(root) {
  return [
    {
      target: './src/domain',
      from: ['./src/server', './src/data', './src/app', './workers', './sw', './tests'],
      message: 'src/domain imports nothing outside itself (DESIGN: Shape).',
    },
    {
      target: './src/server',
      from: ['./src/data', './src/app', './workers', './sw', './tests'],
      message: 'src/server imports only src/domain (DESIGN: Shape).',
    },
    {
      target: './src/data',
      from: ['./src/server', './src/app', './workers', './sw', './tests'],
      message: 'src/data imports only src/domain (DESIGN: Shape).',
    },
    {
      target: './src/app',
      from: ['./src/server', './sw', './tests'],
      message: 'src/app imports src/domain, src/data and the workers (through Comlink), never the server or the service worker (DESIGN: Shape).',
    },
    {
      target: './workers',
      from: ['./src/server', './src/app', './sw', './tests'],
      message: 'workers/ import only src/domain and src/data (DESIGN: Shape).',
    },
    {
      target: './sw',
      from: ['./src/server', './src/app', './workers', './tests'],
      message: 'sw/ imports only src/domain and src/data (DESIGN: Shape).',
    },
    {
      target: './src/app/**/*.tsx',
      from: './src/data',
      message: 'Screens render; hooks decide: a .tsx file takes what it shows from a hook (useX.ts), which calls src/data.',
    },
    {
      target: './src/app/shared',
      from: './src/app/features',
      message: 'Shared app code never imports a feature: compose features at the routes (App.tsx) or through a shared slot or store.',
    },
    ...featuresIn(root).map((feature) => ({
      target: `./src/app/features/${feature}`,
      from: './src/app/features',
      except: [`./${feature}`],
      message: 'A feature never imports another feature (not even lazily): compose them at the routes (App.tsx) or through shared code.',
    })),
  ];
}

/**
 * Files that are data, not code, and may be as long as the data they hold: the make/model catalogue and
 * the sample listings. Every other file stays one a newcomer can read at once (`ROOM_LIMITS`).
 */
const DATA_FILES = ['src/domain/catalogue/catalogueData.ts', 'src/server/seed/sampleData.ts'];
/** A source file's and a function's size (blank lines and comments counted): past these, split by concern. */
const ROOM_LIMITS = {
  'max-lines': ['warn', { max: 500 }],
  'max-lines-per-function': ['warn', { max: 120 }],
};

/** I/O that the domain must not do (tldraw bans the same in its core): the network, storage, the page, timers. */
const IO_GLOBALS = [
  'fetch',
  'window',
  'self',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'caches',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'Worker',
  'setTimeout',
  'setInterval',
  'clearTimeout',
  'clearInterval',
  'setImmediate',
  'requestAnimationFrame',
  'requestIdleCallback',
  'process',
  'require',
];
const DOMAIN_IO = 'src/domain is pure: no network, storage, page or timers (DESIGN: Shape). Pass what it needs in as arguments.';

/** The project's lint config for the tree at `root` (tests/lint/boundaries.test.ts lints a small tree of its own with it). */
export function lintConfig(root) {
  return defineConfig(
    {
      ignores: ['dist/', 'data/', 'coverage/', 'node_modules/', 'tests/e2e/screenshots/'],
    },
    js.configs.recommended,
    tseslint.configs.recommended,
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      plugins: { 'import-x': importX },
      languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
      linterOptions: { reportUnusedDisableDirectives: 'error' },
      settings: {
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: zonesIn(root) }],
        // The plugin skips type-only imports; `npm run lint` also runs dpdm, which counts them (a loop through types
        // is still two files that cannot be read one without the other).
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        'import-x/no-self-import': 'error',
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      },
    },
    {
      files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts', 'sw/**/*.ts'],
      ignores: DATA_FILES,
      rules: ROOM_LIMITS,
    },
    {
      files: ['src/domain/**/*.ts'],
      rules: {
        'no-restricted-globals': ['error', ...IO_GLOBALS.map((name) => ({ name, message: DOMAIN_IO }))],
        'no-restricted-properties': [
          'error',
          ...['globalThis', 'window', 'self'].flatMap((object) =>
            ['fetch', 'localStorage', 'sessionStorage', 'indexedDB', 'document', 'navigator', 'setTimeout', 'setInterval', 'XMLHttpRequest'].map((property) => ({
              object,
              property,
              message: DOMAIN_IO,
            })),
          ),
        ],
      },
    },
    {
      files: ['src/app/**/*.{ts,tsx}'],
      plugins: { 'react-hooks': reactHooks },
      // The classic hooks rules. The plugin's recommended set also holds the React Compiler's rules (refs, purity,
      // set-state-in-effect), which judge code written for the compiler; this app does not build with it.
      rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
    },
  );
}

export default lintConfig(import.meta.dirname);
