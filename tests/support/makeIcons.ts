// Draws Motokari's app icons (public/icons/*) from one SVG brand mark: an 'M' of two gold hills
// (Zimbabwe's kopjes) with a road running out of the valley between them, on the brand green.
// Every file is rendered from the SVG below with sharp, so a change to the mark is one edit and
// one run: npx tsx tests/support/makeIcons.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { theme } from '@/app/theme';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'public/icons');

const brand = theme.colors!.brand!;
const gold = theme.colors!.gold!;
const GREEN_LIGHT = brand[6];
const GREEN = brand[7];
const GREEN_DARK = brand[9];
const GOLD = gold[4];
const ROAD = '#f4f1e8';

/**
 * The mark in a 512 x 512 box, centred on (256, 256). `scale` shrinks it about the centre: a
 * maskable icon keeps everything inside the middle 80% circle that every launcher mask leaves.
 */
function mark(scale: number): string {
  const t = `translate(256 256) scale(${scale}) translate(-256 -296)`;
  return `
  <g transform="${t}">
    <path d="M246 270 L266 270 L372 446 Q256 462 140 446 Z" fill="${ROAD}"/>
    <path d="M256 292 L256 440" stroke="${GREEN}" stroke-width="9" stroke-dasharray="22 16" stroke-linecap="round"/>
    <path d="M116 372 L182 140 L256 262 L330 140 L396 372" fill="none" stroke="${GOLD}" stroke-width="64" stroke-linejoin="round" stroke-linecap="round"/>
  </g>`;
}

const background = `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${GREEN_LIGHT}"/>
      <stop offset="1" stop-color="${GREEN_DARK}"/>
    </linearGradient>
  </defs>`;

/** Purpose 'any': a rounded square on transparency, the shape a browser tab or a desktop shows as is. */
const anySvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${background}
  <rect x="16" y="16" width="480" height="480" rx="108" fill="url(#bg)"/>${mark(0.92)}
</svg>`;

/** Full bleed (the launcher or iOS cuts its own shape), the mark inside the safe zone. */
const fullBleedSvg = (scale: number) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${background}
  <rect width="512" height="512" fill="url(#bg)"/>${mark(scale)}
</svg>`;

/** Shortcut icons: a white glyph on the brand green, like the app icon's tile. */
const shortcutSvg = (glyph: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">
  <rect width="96" height="96" rx="22" fill="${GREEN}"/>${glyph}
</svg>`;
const SEARCH_GLYPH = `<circle cx="42" cy="42" r="19" fill="none" stroke="#fff" stroke-width="8"/>
  <path d="M56 56 L72 72" stroke="${GOLD}" stroke-width="10" stroke-linecap="round"/>`;
const SELL_GLYPH = `<path d="M24 30 a6 6 0 0 1 6-6 h20 l24 24 a6 6 0 0 1 0 8.5 l-17.5 17.5 a6 6 0 0 1-8.5 0 l-24-24 z" fill="#fff"/>
  <circle cx="37" cy="37" r="5.5" fill="${GOLD}"/>`;

async function png(svg: string, size: number, file: string, flatten = false): Promise<void> {
  // Rendered at twice the largest size (512 at 144 dpi: 1024 px), then scaled down: smooth edges.
  let image = sharp(Buffer.from(svg), { density: 144 }).resize(size, size);
  // iOS paints a transparent home-screen icon black: the apple-touch-icon has no alpha at all.
  if (flatten) image = image.flatten({ background: GREEN });
  const out = await image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
  writeFileSync(path.join(outDir, file), out);
  console.log(`${file}: ${size} x ${size}, ${(out.length / 1024).toFixed(1)} KB`);
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  await png(anySvg, 192, 'icon-192.png');
  await png(anySvg, 512, 'icon-512.png');
  await png(fullBleedSvg(0.72), 512, 'maskable-512.png');
  await png(fullBleedSvg(0.8), 180, 'apple-touch-icon.png', true);
  await png(anySvg, 32, 'favicon-32.png');
  await png(shortcutSvg(SEARCH_GLYPH), 96, 'shortcut-search-96.png');
  await png(shortcutSvg(SELL_GLYPH), 96, 'shortcut-sell-96.png');
  writeFileSync(path.join(outDir, 'favicon.svg'), anySvg.replace(/\n\s*/g, ''));
  console.log('favicon.svg');
}

await main();
