import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The search worker starts with a phone's first screen, so what it imports is downloaded on every first
// visit: the index, the search rules, the summary's decoder and its own IndexedDB access, about 14 KB gzipped. A domain module
// that imports zod (or Dexie, or ky) anywhere under it brings the whole library along: the worker went
// from 8 KB to 32 KB when the search rules took the NUL test from the zod schemas' module.

const root = path.resolve(import.meta.dirname, '../..');
const IMPORT = /^\s*import\s+(?!type\b)(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

/** Every package the module imports at run time, following its relative and `@/` (src/) imports (type-only imports skipped), and the project's files it reaches. */
function packagesImported(entry: string, seen = new Set<string>()): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (spec!.startsWith('.') || spec!.startsWith('@/')) {
        const base = spec!.startsWith('@/') ? path.join(root, 'src', spec!.slice(2)) : path.resolve(path.dirname(file), spec!);
        const next = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => existsSync(f) && f.match(/\.tsx?$/));
        if (next) visit(next);
      } else if (!found.has(spec!)) found.set(spec!, path.relative(root, file));
    }
  };
  visit(path.join(root, entry));
  return found;
}

describe('the search worker', () => {
  it('imports no validation, database or HTTP library', () => {
    const imported = packagesImported('workers/listings.worker.ts');
    for (const heavy of ['zod', 'dexie', 'ky']) {
      expect(imported.get(heavy), `${heavy} is imported by ${imported.get(heavy)}`).toBeUndefined();
    }
    // The walk itself works: the worker's own library is found.
    expect(imported.has('comlink')).toBe(true);
  });

  it("does not carry the app's messages (every text of the app, 5 KB: the summary feed's one text lives with the feed)", () => {
    const files = new Set<string>();
    packagesImported('workers/listings.worker.ts', files);
    const reached = [...files].map((f) => path.relative(root, f));
    expect(reached).toContain('src/data/sync.ts');
    expect(reached).not.toContain('src/domain/core/messages.ts');
  });
});
