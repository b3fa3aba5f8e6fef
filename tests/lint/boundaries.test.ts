import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The project's lint config (eslint.config.js) run over a small tree laid out like ours: each arrow DESIGN forbids
// fails the lint, and the arrows it allows pass.

const root = path.resolve(import.meta.dirname, '../..');

const TREE: Record<string, string> = {
  'src/domain/payments/fees.ts': 'export const fee = (usd: number) => usd / 10;\n',
  'src/domain/rules.ts': "import { db } from '../data/db';\nexport const rules = db;\n",
  'src/domain/price.ts': "export const price = () => fetch('/api/price');\n",
  'src/domain/later.ts': 'export const later = (f: () => void) => setTimeout(f, 10);\n',
  'src/domain/saved.ts': "export const saved = () => globalThis.localStorage.getItem('k');\n",
  'src/data/db.ts': "import { fee } from '../domain/fees';\nexport const db = fee(1);\n",
  'src/data/outbox.ts': "import { draft } from './drafts';\nexport const outbox = () => draft;\n",
  'src/data/drafts.ts': "import { outbox } from './outbox';\nexport const draft = () => outbox;\n",
  'src/server/app.ts': "import { fee } from '../domain/fees';\nexport const buildServer = () => fee(2);\n",
  'src/server/routes.ts': "import { db } from '../data/db';\nexport const routes = db;\n",
  'src/app/main.ts': "import { buildServer } from '../server/app';\nexport const main = buildServer;\n",
  'src/app/shared/Page.ts': "export const Page = 'page';\n",
  'src/app/shared/Shell.ts': "import { SearchPage } from '../features/search/SearchPage';\nexport const Shell = SearchPage;\n",
  'src/app/features/admin/AdminTools.ts': "import { Page } from '../../shared/Page';\nexport const AdminTools = Page;\n",
  'src/app/features/search/SearchPage.ts': "import { AdminTools } from '../admin/AdminTools';\nexport const SearchPage = AdminTools;\n",
  'src/app/features/vehicle/VehiclePage.ts': "export const loadAdmin = () => import('../admin/AdminTools');\n",
  'src/app/features/account/AccountPage.ts':
    "import { Page } from '../../shared/Page';\nimport { db } from '../../../data/db';\nimport { fee } from '../../../domain/fees';\nimport { AccountForm } from './AccountForm';\nexport const AccountPage = [Page, db, fee, AccountForm];\n",
  'src/app/features/account/AccountForm.ts': "export const AccountForm = 'form';\n",
  'src/app/features/account/AccountCard.tsx': "import { db } from '../../../data/db';\nexport const AccountCard = () => db;\n",
  'src/app/features/account/useAccount.ts': `export function useAccount() {\n${'  void 0;\n'.repeat(118)}}\n`,
  'src/app/features/account/AccountScreen.tsx': `export function AccountScreen() {\n${'  void 0;\n'.repeat(119)}}\n`,
  'src/domain/listing/rulesBook.ts': `${Array.from({ length: 501 }, (_, i) => `export const rule${i} = ${i};`).join('\n')}\n`,
  'workers/listings.worker.ts': "import { Page } from '../src/app/shared/Page';\nimport { db } from '../src/data/db';\nexport const worker = [Page, db];\n",
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true }, include: ['src', 'workers'] }),
};

let tree: string;
let problems: Map<string, string[]>;

beforeAll(async () => {
  tree = await mkdtemp(path.join(tmpdir(), 'motokari-lint-'));
  for (const [file, text] of Object.entries(TREE)) {
    await mkdir(path.dirname(path.join(tree, file)), { recursive: true });
    await writeFile(path.join(tree, file), text);
  }
  const { lintConfig } = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as { lintConfig(root: string): Linter.Config[] };
  const eslint = new ESLint({ cwd: tree, overrideConfigFile: true, overrideConfig: lintConfig(tree) });
  const results = await eslint.lintFiles(['src', 'workers']);
  problems = new Map(results.map((r) => [path.relative(tree, r.filePath), r.messages.map((m) => m.ruleId ?? m.message)]));
});

afterAll(async () => {
  await rm(tree, { recursive: true, force: true });
});

const rulesFor = (file: string) => problems.get(file) ?? [];

describe('the lint rules keep the design arrows', () => {
  it('fails a feature that imports another feature, statically or lazily', () => {
    expect(rulesFor('src/app/features/search/SearchPage.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rulesFor('src/app/features/vehicle/VehiclePage.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('fails shared app code that imports a feature', () => {
    expect(rulesFor('src/app/shared/Shell.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('fails the domain importing the data layer, and the server importing it', () => {
    expect(rulesFor('src/domain/rules.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rulesFor('src/server/routes.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('fails the app importing the server, and a worker importing the app', () => {
    expect(rulesFor('src/app/main.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rulesFor('workers/listings.worker.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('fails I/O in the domain: fetch, timers, storage through globalThis', () => {
    expect(rulesFor('src/domain/price.ts')).toEqual(['no-restricted-globals']);
    expect(rulesFor('src/domain/later.ts')).toEqual(['no-restricted-globals']);
    expect(rulesFor('src/domain/saved.ts')).toEqual(['no-restricted-properties']);
  });

  it('fails an import cycle, on both of its files', () => {
    expect(rulesFor('src/data/outbox.ts')).toEqual(['import-x/no-cycle']);
    expect(rulesFor('src/data/drafts.ts')).toEqual(['import-x/no-cycle']);
  });

  it('fails a screen (.tsx) that takes the data layer itself: a hook calls it', () => {
    expect(rulesFor('src/app/features/account/AccountCard.tsx')).toEqual(['import-x/no-restricted-paths']);
  });

  it('flags a function over 120 lines and a file over 500 (warnings, which `--max-warnings 0` fails)', () => {
    expect(rulesFor('src/app/features/account/useAccount.ts')).toEqual([]);
    expect(rulesFor('src/app/features/account/AccountScreen.tsx')).toEqual(['max-lines-per-function']);
    expect(rulesFor('src/domain/listing/rulesBook.ts')).toEqual(['max-lines']);
  });

  it('passes the arrows DESIGN allows', () => {
    for (const file of ['src/app/features/account/AccountPage.ts', 'src/app/features/admin/AdminTools.ts', 'src/data/db.ts', 'src/server/app.ts', 'src/domain/payments/fees.ts']) {
      expect(rulesFor(file), file).toEqual([]);
    }
  });
});
