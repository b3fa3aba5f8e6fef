import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScreenPreloads, SCREEN_FILES_MANIFEST } from '@/server/screenPreloads';

// The build puts the most visited screens each in one file that starts from several modules (its
// panels, its share of the components): Vite's manifest then knows that file only by its own name,
// and the build's screens.json says which file holds which screen, by the screen's name.
describe("a screen's Link header when its file holds several modules", () => {
  const appDir = mkdtempSync(path.join(tmpdir(), 'motokari-screens-'));
  afterAll(() => rmSync(appDir, { recursive: true, force: true }));
  mkdirSync(path.join(appDir, '.vite'));
  writeFileSync(
    path.join(appDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-i1.js', isEntry: true, dynamicImports: ['_HomePage-h1.js', '_BrowsePage-b1.js'] },
      '_HomePage-h1.js': { file: 'assets/HomePage-h1.js', name: 'HomePage', imports: ['index.html'], css: ['assets/HomePage-h2.css'] },
      '_BrowsePage-b1.js': { file: 'assets/BrowsePage-b1.js', name: 'BrowsePage', imports: ['index.html', '_HomePage-h1.js'] },
      'features/search/home/DesktopHomeSearch.tsx': { file: 'assets/DesktopHomeSearch-d1.js', isDynamicEntry: true, imports: ['index.html', '_HomePage-h1.js', '_BrowsePage-b1.js'] },
    }),
  );
  writeFileSync(
    path.join(appDir, SCREEN_FILES_MANIFEST),
    JSON.stringify({
      screens: { home: 'assets/HomePage-h1.js', browse: 'assets/BrowsePage-b1.js' },
      homeVariants: { mobile: 'assets/HomePage-h1.js', desktop: 'assets/DesktopHomeSearch-d1.js' },
    }),
  );
  const preloads = loadScreenPreloads(appDir)!;
  const links = (header: string | null) => (header ? header.split(', ') : []);

  it('names the file that holds the screen, once, with what it needs', () => {
    expect(links(preloads('home', 'mobile'))).toEqual(['</assets/HomePage-h1.js>; rel=modulepreload', '</assets/HomePage-h2.css>; rel=preload; as=style']);
    expect(links(preloads('home', null))).toEqual(['</assets/HomePage-h1.js>; rel=modulepreload', '</assets/HomePage-h2.css>; rel=preload; as=style']);
    expect(links(preloads('browse', null))).toEqual([
      '</assets/BrowsePage-b1.js>; rel=modulepreload',
      '</assets/HomePage-h1.js>; rel=modulepreload',
      '</assets/HomePage-h2.css>; rel=preload; as=style',
    ]);
    expect(links(preloads('home', 'desktop'))).toEqual([
      '</assets/HomePage-h1.js>; rel=modulepreload',
      '</assets/DesktopHomeSearch-d1.js>; rel=modulepreload',
      '</assets/BrowsePage-b1.js>; rel=modulepreload',
      '</assets/HomePage-h2.css>; rel=preload; as=style',
    ]);
  });

  it('says nothing for a screen the build does not know', () => {
    expect(preloads('featured', null)).toBeNull();
  });
});
