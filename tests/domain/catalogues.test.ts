import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/domain/i18n/languages';
import { messages as sn } from '@/domain/i18n/catalogues/sn';
import { messages as nd } from '@/domain/i18n/catalogues/nd';
import { messages as pagesSn } from '@/domain/i18n/catalogues/pages/sn';
import { messages as pagesNd } from '@/domain/i18n/catalogues/pages/nd';

// The texts' catalogues (issue 39): one per language, extracted from the code by Lingui
// (npm run i18n:extract) and compiled by it (npm run i18n:compile). A text missing in a language,
// a placeholder that differs, or a catalogue behind the code fails here. The content pages' texts have
// catalogues of their own (catalogues/pages), loaded only with those pages.

const ROOT = path.join(import.meta.dirname, '../..');
const CONTENT_PAGES = path.join(ROOT, 'src/app/features/pages');
const CATALOGUES = [
  { name: 'the interface', dir: path.join(ROOT, 'src/domain/i18n/catalogues'), marked: () => markedTexts(path.join(ROOT, 'src'), new Set(), CONTENT_PAGES), compiled: { sn, nd } },
  { name: 'the content pages', dir: path.join(ROOT, 'src/domain/i18n/catalogues/pages'), marked: () => markedTexts(CONTENT_PAGES), compiled: { sn: pagesSn, nd: pagesNd } },
] as const;
const po = formatter({ explicitIdAsDefault: true });

async function catalogue(dir: string, language: string): Promise<Map<string, string>> {
  const content = readFileSync(path.join(dir, `${language}.po`), 'utf8');
  const parsed = await po.parse(content, { locale: language, sourceLocale: 'en', filename: `${language}.po` });
  return new Map(Object.entries(parsed ?? {}).map(([id, m]) => [id, m.translation ?? '']));
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every text marked /*i18n*\/ in the code, as written (single or double quotes, as prettier leaves them). */
function markedTexts(dir: string, found = new Set<string>(), except?: string): Set<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== 'catalogues' && file !== except) markedTexts(file, found, except);
    } else if (/\.tsx?$/.test(name)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\/\*i18n\*\/\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/g)) {
        const literal = m[1]!;
        found.add(literal.startsWith("'") ? (JSON.parse(`"${literal.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string) : (JSON.parse(literal) as string));
      }
    }
  }
  return found;
}

describe.each(CATALOGUES)('the texts of $name in Shona and isiNdebele', ({ dir, marked, compiled }) => {
  it('the English catalogue holds every text the code marks, and no other', async () => {
    const english = [...(await catalogue(dir, 'en')).keys()].sort();
    expect(english.length).toBeGreaterThan(0);
    expect(english).toEqual([...marked()].sort());
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language}: every text is translated, with the same placeholders`, async () => {
      const english = await catalogue(dir, 'en');
      const translated = await catalogue(dir, language);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      const untranslated = [...translated].filter(([, t]) => !t.trim()).map(([id]) => id);
      expect(untranslated, `untranslated in ${language}`).toEqual([]);
      const differing = [...translated].filter(([id, t]) => placeholders(id).join() !== placeholders(t).join()).map(([id, t]) => `${id} -> ${t}`);
      expect(differing, `placeholders differ in ${language}`).toEqual([]);
    });
  }

  it('the compiled catalogues the app and the server load are those of the .po files', async () => {
    for (const [language, messages] of Object.entries(compiled)) {
      const translated = await catalogue(dir, language);
      expect(Object.keys(messages).sort(), language).toEqual([...translated.keys()].sort());
      for (const [id, text] of translated) {
        const parts = messages[id] as unknown;
        const flat = Array.isArray(parts) ? parts.map((p: unknown) => (Array.isArray(p) ? `{${String(p[0])}}` : String(p))).join('') : String(parts);
        expect(flat, `${language}: ${id}`).toBe(text);
      }
    }
  });
});
