/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { browseOpeningScreenHtml, browseOpeningStyles, homeOpeningScreenHtml, listingFactsStyles, listingOpeningScreenHtml } from './src/app/openingScreen';
import { LISTING_FACTS_MARK } from './src/domain/listing/listingFacts';
import { BROWSE_OPENING_MARK } from './src/domain/search/browseOpening';
import { firstScript } from './src/domain/content/firstScript';
import { PRODUCT_NAME, startupText } from './src/domain/core/constants';
import { languageAttributes, type OpeningTranslators } from './src/domain/i18n/openingLanguage';
import { createTranslator } from './src/domain/i18n/translate';
import { messages as shona } from './src/domain/i18n/catalogues/sn';
import { messages as ndebele } from './src/domain/i18n/catalogues/nd';
import { HOME_VARIANT_MODULES, SCREEN_MODULES } from './src/app/screenModules';
import { SCREEN_FILES_MANIFEST, type ScreenFiles } from './src/server/screenPreloads';

const root = import.meta.dirname;
const manifest = JSON.parse(readFileSync(path.join(root, 'manifest.webmanifest'), 'utf8')) as Partial<ManifestOptions>;

const STARTUP_TEXT = '<p class="loading" role="status">Loading Motokari...</p>';
/** The opening's texts in the other languages, which the page's first script puts in place (src/domain/i18n/openingLanguage.ts). */
const OPENING_TRANSLATORS: OpeningTranslators = { sn: createTranslator('sn', shona).t, nd: createTranslator('nd', ndebele).t };
const STARTUP_LINE = `<p class="loading" role="status"${languageAttributes((tr) => startupText(PRODUCT_NAME, tr), OPENING_TRANSLATORS)}>${startupText(PRODUCT_NAME)}</p>`;

/**
 * Writes home.html, which the server (and the service worker) sends for /: index.html with the home
 * page's opening screen in #root (src/app/openingScreen.ts); listing.html, which the server fills
 * with a listing's facts for its page; and browse.html, which it fills with a browse screen's first
 * results. Every page gets the browse opening's styles and the first script that draws the device's
 * last answer where the page came with nothing in #root (the service worker's index.html).
 */
function homePage(): Plugin {
  return {
    name: 'motokari-home-page',
    // After Vite's own HTML plugin has written index.html into the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      // The workers' and the service worker's builds have no page.
      if (index?.type !== 'asset') return;
      const shell = String(index.source);
      if (!shell.includes(`${STARTUP_TEXT}</div>`)) throw new Error(`index.html has no ${STARTUP_TEXT} in #root`);
      const html = shell.replace('</head>', `<style>${browseOpeningStyles()}</style></head>`).replace(`${STARTUP_TEXT}</div>`, `${STARTUP_TEXT}</div><script>${firstScript()}</script>`);
      index.source = html.replace(STARTUP_TEXT, STARTUP_LINE);
      this.emitFile({ type: 'asset', fileName: 'home.html', source: html.replace(STARTUP_TEXT, homeOpeningScreenHtml(OPENING_TRANSLATORS)) });
      // A listing's page (/car/{id}): the server writes the listing's facts where the mark is (src/domain/listing/listingFacts.ts).
      const listing = html.replace('</head>', `<style>${listingFactsStyles()}</style></head>`).replace(STARTUP_TEXT, listingOpeningScreenHtml(LISTING_FACTS_MARK));
      this.emitFile({ type: 'asset', fileName: 'listing.html', source: listing });
      // A browse page (/cars, ...): the server writes its first results where the mark is (src/domain/search/browseOpening.ts).
      this.emitFile({ type: 'asset', fileName: 'browse.html', source: html.replace(STARTUP_TEXT, browseOpeningScreenHtml(BROWSE_OPENING_MARK)) });
    },
  };
}

/**
 * Writes which file holds each screen the server names in a page's Link header, and each of the home
 * page's panels (SCREEN_FILES_MANIFEST), by the screen's name (src/app/screenModules.ts): the server
 * knows screens by name, not the app's modules; and Vite's manifest keys a file by its module only when
 * the file starts from it, not for the files codeSplitting() makes, which start from several.
 */
function screenFilesManifest(): Plugin {
  return {
    name: 'motokari-screen-files',
    // After Vite's own HTML plugin has written index.html into the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      if (!bundle['index.html']) return;
      const fileOf = (module: string) => {
        const id = path.join(root, 'src', 'app', module);
        const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.moduleIds.includes(id));
        if (!chunk) throw new Error(`no file holds ${module}`);
        return chunk.fileName;
      };
      const filesOf = (modules: Record<string, string>) => Object.fromEntries(Object.entries(modules).map(([name, module]) => [name, fileOf(module)]));
      const files: ScreenFiles = { screens: filesOf(SCREEN_MODULES), homeVariants: filesOf(HOME_VARIANT_MODULES) };
      this.emitFile({ type: 'asset', fileName: SCREEN_FILES_MANIFEST, source: JSON.stringify(files, null, 2) });
    },
  };
}

/**
 * How the app's code is cut into files. Each file costs a phone one more request, and on a slow
 * connection (150 ms a round trip, six at a time) a screen made of thirty small shared files waits
 * for them in turns. So what the app's first chunk needs statically goes into that chunk, and each of
 * the most visited screens gets one file with its own code and whatever it needs that the files
 * before it do not have (the home page's with its phone panels). A later one loads an earlier one's
 * file for what they share. The other screens pull in much more (the dashboard, the seller's wizard):
 * Vite splits them as usual. Measured in tests/bench/RESULTS.md ("Fifth round").
 */
const SCREEN_FILES: ReadonlyArray<readonly [string, ...string[]]> = [[SCREEN_MODULES.home, HOME_VARIANT_MODULES.mobile], [SCREEN_MODULES.browse], [SCREEN_MODULES.listing]];

function codeSplitting(): Rolldown.CodeSplittingOptions {
  const inFile = (modules: readonly string[]) => (id: string) => {
    const file = id.split(path.sep).join('/');
    return modules.some((module) => file.endsWith(`/src/app/${module}`));
  };
  const screens = SCREEN_FILES.map((modules, index) => ({
    name: path.basename(modules[0], '.tsx'),
    test: inFile(modules),
    priority: SCREEN_FILES.length - index,
  }));
  return { groups: [{ name: 'index', tags: ['$initial'], priority: SCREEN_FILES.length + 1 }, ...screens] };
}

/**
 * The app's files a buyer's first visit precaches, and the rest of its code: the seller's (wizard,
 * dashboard, payments), the admin's and the content pages' chunks, which the service worker caches
 * when first used, or in the background on an unmetered connection with Save-Data off
 * (sw/service-worker.ts). Filled by appFilesSplit() while the app is built, read by the service
 * worker's build after it.
 */
const appFiles = { precache: new Set<string>(), later: [] as string[] };

/** Code a buyer's screens never load by themselves: a dynamic import into a chunk holding one of these waits for first use. */
const LATER_CODE = [
  // The seller's, admin and content screens.
  /\/src\/app\/features\/(wizard|dashboard|stockImport|payments|admin|pages)\//,
  // What needs the network anyway: signing in or up, the account menu, saved searches and notifications.
  /\/src\/app\/(features\/account\/AuthDialog|shared\/shell\/AccountMenu|features\/account\/SignOutEverywhere)\.tsx$/,
  /\/src\/app\/features\/push\//,
  // A language's texts (issue 39): fetched when the language is chosen, then kept like the rest.
  /\/src\/domain\/i18n\/catalogues\//,
];

/** What else a first visit precaches: the pages, the web app manifest, the icons the page links, the cards' placeholder. */
const PRECACHED_FILES = /^(index\.html|home\.html|manifest\.webmanifest|placeholder-vehicle\.svg|icons\/(favicon\.svg|favicon-32\.png|apple-touch-icon\.png))$/;

/**
 * Splits the built code into the buyer's and the rest: from the app's entry, every chunk it imports
 * statically, and every chunk imported dynamically unless it holds LATER_CODE (the routes of the
 * seller's, admin and content screens, and what only they import); their CSS; the listings and photo workers.
 */
function appFilesSplit(): Plugin {
  return {
    name: 'motokari-app-files',
    enforce: 'post',
    generateBundle(_options, bundle) {
      if (!bundle['index.html']) return;
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      const later = (c: Rolldown.OutputChunk) => c.moduleIds.some((id) => LATER_CODE.some((re) => re.test(id.split(path.sep).join('/'))));
      const buyer = new Set<string>();
      const visit = (fileName: string) => {
        const c = chunks.get(fileName);
        if (!c || buyer.has(fileName)) return;
        buyer.add(fileName);
        for (const css of c.viteMetadata?.importedCss ?? []) buyer.add(css);
        for (const f of c.imports) visit(f);
        for (const f of c.dynamicImports) {
          const target = chunks.get(f);
          if (target && !later(target)) visit(f);
        }
      };
      for (const c of chunks.values()) if (c.isEntry) visit(c.fileName);
      // The workers a buyer's screens start: the listings worker, and the photo worker (a photo in a message is taken offline too).
      for (const name of ['listings', 'photo']) {
        const worker = Object.values(bundle).find((a) => a.type === 'asset' && new RegExp(`^assets/${name}\\.worker-[\\w-]+\\.js$`).test(a.fileName));
        if (!worker) throw new Error(`no file holds the ${name} worker`);
        buyer.add(worker.fileName);
      }
      appFiles.precache = buyer;
      appFiles.later = Object.keys(bundle)
        .filter((f) => f.startsWith('assets/') && /\.(js|css)$/.test(f) && !buyer.has(f))
        .sort();
    },
  };
}

/** The service worker's build: `virtual:app-code-later` lists the code cached on first use or in the background. */
function laterCodeModule(): Plugin {
  const id = 'virtual:app-code-later';
  return {
    name: 'motokari-app-code-later',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (resolved) => (resolved === `\0${id}` ? `export default ${JSON.stringify(appFiles.later.map((f) => `/${f}`))};` : null),
  };
}

// The app lives in src/app (its index.html too); the build goes to dist/, which the server serves.
export default defineConfig({
  root: 'src/app',
  publicDir: path.join(root, 'public'),
  plugins: [
    react(),
    homePage(),
    screenFilesManifest(),
    appFilesSplit(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: path.join(root, 'sw'),
      filename: 'service-worker.ts',
      injectRegister: false,
      manifest,
      // The install icons are the browser's to fetch when it installs the app; the page links its own (PRECACHED_FILES).
      includeManifestIcons: false,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,webp,png,ico,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // A first visit precaches the buyer's screens only (appFilesSplit); the rest waits for first use.
        manifestTransforms: [
          (entries) => {
            const seen = new Set<string>();
            const manifest = entries.filter((e) => (appFiles.precache.has(e.url) || PRECACHED_FILES.test(e.url)) && !seen.has(e.url) && seen.add(e.url));
            return { manifest, warnings: [] };
          },
        ],
        buildPlugins: { vite: [laterCodeModule()] },
      },
    }),
  ],
  // `@/` is src/ (tsconfig.json's paths say the same to TypeScript, ESLint, knip and tsx).
  resolve: { alias: { '@': path.join(root, 'src') } },
  worker: { format: 'es' },
  // The manifest tells the server which files each screen needs (src/server/screenPreloads.ts).
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: codeSplitting() } },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' } },
  test: {
    root,
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts', 'workers/**/*.test.ts'],
    exclude: ['tests/e2e/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
