import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/domain/i18n/languages';
import { messages as sn } from '@/domain/i18n/catalogues/sn';
import { messages as nd } from '@/domain/i18n/catalogues/nd';

// The texts' catalogues (issue 39): one per language, extracted from the code by Lingui
// (npm run i18n:extract) and compiled by it (npm run i18n:compile). A text missing in a language,
// a placeholder that differs, or a catalogue behind the code fails here.

const ROOT = path.join(import.meta.dirname, '../..');
const CATALOGUES = path.join(ROOT, 'src/domain/i18n/catalogues');
const po = formatter({ explicitIdAsDefault: true });

async function catalogue(language: string): Promise<Map<string, string>> {
  const content = readFileSync(path.join(CATALOGUES, `${language}.po`), 'utf8');
  const parsed = await po.parse(content, { locale: language, sourceLocale: 'en', filename: `${language}.po` });
  return new Map(Object.entries(parsed ?? {}).map(([id, m]) => [id, m.translation ?? '']));
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every text marked /*i18n*\/ in the code, as written (single or double quotes, as prettier leaves them). */
function markedTexts(dir: string, found = new Set<string>()): Set<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== 'catalogues') markedTexts(file, found);
    } else if (/\.tsx?$/.test(name)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\/\*i18n\*\/\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/g)) {
        const literal = m[1]!;
        found.add(literal.startsWith("'") ? (JSON.parse(`"${literal.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string) : (JSON.parse(literal) as string));
      }
    }
  }
  return found;
}

describe('the texts in Shona and isiNdebele', () => {
  it('the English catalogue holds every text the code marks, and no other', async () => {
    const english = [...(await catalogue('en')).keys()].sort();
    expect(english.length).toBeGreaterThan(0);
    expect(english).toEqual([...markedTexts(path.join(ROOT, 'src'))].sort());
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language}: every text is translated, with the same placeholders`, async () => {
      const english = await catalogue('en');
      const translated = await catalogue(language);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      const untranslated = [...translated].filter(([, t]) => !t.trim()).map(([id]) => id);
      expect(untranslated, `untranslated in ${language}`).toEqual([]);
      const differing = [...translated].filter(([id, t]) => placeholders(id).join() !== placeholders(t).join()).map(([id, t]) => `${id} -> ${t}`);
      expect(differing, `placeholders differ in ${language}`).toEqual([]);
    });
  }

  it('the compiled catalogues the app and the server load are those of the .po files', async () => {
    for (const [language, compiled] of [
      ['sn', sn],
      ['nd', nd],
    ] as const) {
      const translated = await catalogue(language);
      expect(Object.keys(compiled).sort(), language).toEqual([...translated.keys()].sort());
      for (const [id, text] of translated) {
        const parts = compiled[id] as unknown;
        const flat = Array.isArray(parts) ? parts.map((p: unknown) => (Array.isArray(p) ? `{${String(p[0])}}` : String(p))).join('') : String(parts);
        expect(flat, `${language}: ${id}`).toBe(text);
      }
    }
  });
});
