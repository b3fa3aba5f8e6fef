import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HOME_VARIANT_MODULES, type ScreenModule } from '../domain/content/screens';
import type { HeroVariant } from '../domain/content/home';

// The `Link` header that names the code of the screen a page opens on (modulepreload for its
// scripts, preload for its stylesheets), read from Vite's build manifest: the browser fetches them
// together with the page instead of one round trip after another once the app's code has run. What
// the page's own script already loads (index.html's imports) is left out.

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Beside Vite's manifest in the build: the file that holds each screen's module (vite.config.ts). */
export const SCREEN_FILES_MANIFEST = '.vite/screens.json';

export type ScreenPreloads = (screen: ScreenModule, homeVariant: HeroVariant | null) => string | null;

/** Reads the build's manifest; null when the build has none (the Link header is then left out). */
export function loadScreenPreloads(appDir: string): ScreenPreloads | null {
  const file = path.join(appDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  // A screen's module is a key of Vite's manifest when its file starts from it; otherwise the build
  // says which file holds it, and that file's key is found by its name.
  const screenFilesPath = path.join(appDir, SCREEN_FILES_MANIFEST);
  const screenFiles = existsSync(screenFilesPath) ? (JSON.parse(readFileSync(screenFilesPath, 'utf8')) as Record<string, string>) : {};
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const keyOf = (module: string): string => (manifest[module] ? module : (keyOfFile.get(screenFiles[module] ?? '') ?? module));

  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return;
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
    closure(keyOf(screen), keys);
    if (screen === 'features/search/HomePage.tsx' && homeVariant) closure(keyOf(HOME_VARIANT_MODULES[homeVariant]), keys);
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
