import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ScreenName } from '../domain/content/screens';
import type { HeroVariant } from '../domain/content/home';

// The `Link` header that names the code of the screen a page opens on (modulepreload for its
// scripts, preload for its stylesheets), read from the build's output (Vite's manifest and the file
// of each screen, SCREEN_FILES_MANIFEST), never from the app's source: the browser fetches them
// together with the page instead of one round trip after another once the app's code has run. What
// the page's own script already loads (index.html's imports) is left out.

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Beside Vite's manifest in the build: the file that holds each screen (vite.config.ts). */
export const SCREEN_FILES_MANIFEST = '.vite/screens.json';

/** What SCREEN_FILES_MANIFEST holds: the built file of each screen and of each of the home page's search panels. */
export interface ScreenFiles {
  screens: Partial<Record<ScreenName, string>>;
  homeVariants: Partial<Record<HeroVariant, string>>;
}

export type ScreenPreloads = (screen: ScreenName, homeVariant: HeroVariant | null) => string | null;

/** Reads the build's manifest; null when the build has none (the Link header is then left out). */
export function loadScreenPreloads(appDir: string): ScreenPreloads | null {
  const file = path.join(appDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  // The build says which file holds each screen, and that file's key in Vite's manifest is found by
  // its name (a file that starts from several modules is not keyed by any of them).
  const screenFilesPath = path.join(appDir, SCREEN_FILES_MANIFEST);
  const screenFiles: ScreenFiles = existsSync(screenFilesPath) ? (JSON.parse(readFileSync(screenFilesPath, 'utf8')) as ScreenFiles) : { screens: {}, homeVariants: {} };
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const keyOf = (file: string | undefined): string | undefined => (file === undefined ? undefined : keyOfFile.get(file));

  const closure = (key: string | undefined, seen: Set<string>) => {
    if (key === undefined || seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  };
  const loadedByPage = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, loadedByPage);

  const cache = new Map<string, string | null>();
  return (screen, homeVariant) => {
    const cacheKey = `${screen}|${homeVariant ?? ''}`;
    if (cache.has(cacheKey)) return cache.get(cacheKey)!;
    const keys = new Set<string>();
    closure(keyOf(screenFiles.screens[screen]), keys);
    if (screen === 'home' && homeVariant) closure(keyOf(screenFiles.homeVariants[homeVariant]), keys);
    const links: string[] = [];
    const styles = new Set<string>();
    for (const key of keys) {
      if (loadedByPage.has(key)) continue;
      const chunk = manifest[key]!;
      links.push(`</${chunk.file}>; rel=modulepreload`);
      for (const css of chunk.css ?? []) styles.add(css);
    }
    for (const css of styles) links.push(`</${css}>; rel=preload; as=style`);
    const header = links.length ? links.join(', ') : null;
    cache.set(cacheKey, header);
    return header;
  };
}
