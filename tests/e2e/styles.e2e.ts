import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAppIfStale, distDir } from '@/server/buildApp';

const MANTINE_STYLES = path.join(import.meta.dirname, '../../node_modules/@mantine/core/styles');
const MANTINE_CLASS = /\bm_[0-9a-f]{7,8}\b/g;

function read(dir: string, ext: string): string {
  return readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}

// The app ships the stylesheets of the Mantine components it uses, not all of Mantine's
// (src/app/mantineStyles.ts): nothing it shows may lose its styles.
describe("the built app's Mantine styles", () => {
  beforeAll(() => buildAppIfStale());

  it('cover every Mantine class in the code, and leave out files no code uses', () => {
    const scripts = read(path.join(distDir, 'assets'), '.js');
    const styles = read(path.join(distDir, 'assets'), '.css');
    const shipped = new Set(styles.match(MANTINE_CLASS));
    const used = new Set(scripts.match(MANTINE_CLASS));
    const missing: string[] = [];
    const unused: string[] = [];
    for (const file of readdirSync(MANTINE_STYLES).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))) {
      const classes = new Set(readFileSync(path.join(MANTINE_STYLES, file), 'utf8').match(MANTINE_CLASS));
      if (classes.size === 0) continue;
      const needed = [...classes].some((c) => used.has(c));
      const inBuild = [...classes].some((c) => shipped.has(c));
      if (needed && !inBuild) missing.push(file);
      if (!needed && inBuild) unused.push(file);
    }
    expect(missing, 'add these to src/app/mantineStyles.ts').toEqual([]);
    expect(unused, 'remove these from src/app/mantineStyles.ts').toEqual([]);
    // And not all of Mantine's: the files of components the app does not use stay out.
    expect(shipped.size).toBeLessThan(new Set(readFileSync(`${MANTINE_STYLES}.css`, 'utf8').match(MANTINE_CLASS)).size);
  });
});
