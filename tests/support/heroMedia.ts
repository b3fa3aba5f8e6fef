// Makes the home page's hero videos and posters (public/media/hero-{mobile,desktop}.{webm,webp,jpg}).
// The project downloads nothing and has no ffmpeg, so headless Chromium draws an animated scene on a
// canvas (brand colours, the sample vehicle artwork driving along a road at dusk) and records it
// with MediaRecorder. Every frame is a pure function of its index, and the motion repeats exactly
// once per clip, so the looping video has no visible seam. Run: npx tsx tests/support/heroMedia.ts
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { theme } from '@/app/theme';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'public/media');
const MAX_BYTES = 600 * 1024;

interface Variant {
  name: 'mobile' | 'desktop';
  width: number;
  height: number;
  /** Target video bit rate; the clip must stay well under MAX_BYTES. */
  bitsPerSecond: number;
  /** Vehicles per lane: [near lane (driving right), far lane (driving left)]. */
  near: string[];
  far: string[];
  /** Height of a near-lane vehicle as a share of the frame height. */
  vehicleScale: number;
  /** Where each lane's vehicles are at the first frame (the poster), as a share of their trip. */
  phases: [near: number, far: number];
  /** Horizon, top of the road and the near lane's wheels, as shares of the frame height. The phone's
   *  hero crops the frame's top and its bottom sits under the search panel, so its road is higher. */
  horizon: number;
  road: number;
  nearLane: number;
}

const VARIANTS: Variant[] = [
  { name: 'mobile', width: 540, height: 720, bitsPerSecond: 340_000, near: ['pickup'], far: ['tractor'], vehicleScale: 0.15, phases: [0.55, 0.75], horizon: 0.71, road: 0.8, nearLane: 0.93 },
  {
    name: 'desktop',
    width: 1280,
    height: 540,
    bitsPerSecond: 480_000,
    near: ['suv', 'pickup'],
    far: ['tractor', 'saloon'],
    vehicleScale: 0.26,
    phases: [0, 0.3],
    horizon: 0.6,
    road: 0.74,
    nearLane: 0.953,
  },
];
const SECONDS = 8;
const FPS = 30;

/** The vehicle alone: the sample artwork without its sky, sun, hills and ground. */
function vehicleSvg(name: string): string {
  const svg = readFileSync(path.join(root, 'public/samples', `${name}.svg`), 'utf8');
  const ground = '<rect y="398" width="800" height="202" fill="url(#g)"/>';
  const start = svg.indexOf('</defs>') + '</defs>'.length;
  const end = svg.indexOf(ground);
  if (start < 7 || end < 0) throw new Error(`${name}.svg does not have the expected background layers`);
  return `data:image/svg+xml;base64,${Buffer.from(svg.slice(0, start) + svg.slice(end + ground.length)).toString('base64')}`;
}

// The page's code is a plain script (not a bundled function), so nothing the TypeScript runner adds leaks into it.
const PAGE_SCRIPT = String.raw`
window.heroMedia = async function (o) {
  const TAU = Math.PI * 2;
  const W = o.width, H = o.height, N = o.seconds * o.fps;
  const canvas = document.createElement('canvas');
  canvas.width = W; canvas.height = H;
  document.body.appendChild(canvas);
  const ctx = canvas.getContext('2d');

  async function sprite(url, height) {
    const img = new Image();
    img.src = url;
    await img.decode();
    const full = document.createElement('canvas');
    full.width = 800; full.height = 600;
    const f = full.getContext('2d');
    f.drawImage(img, 0, 0, 800, 600);
    const px = f.getImageData(0, 0, 800, 600).data;
    let x0 = 800, y0 = 600, x1 = 0, y1 = 0;
    for (let y = 0; y < 600; y++) for (let x = 0; x < 800; x++) {
      if (px[(y * 800 + x) * 4 + 3] > 8) { if (x < x0) x0 = x; if (x > x1) x1 = x; if (y < y0) y0 = y; if (y > y1) y1 = y; }
    }
    const scale = height / (y1 - y0 + 1);
    const c = document.createElement('canvas');
    c.width = Math.ceil((x1 - x0 + 1) * scale); c.height = Math.ceil(height);
    const g = c.getContext('2d');
    g.imageSmoothingQuality = 'high';
    g.drawImage(img, -x0 * scale, -y0 * scale, 800 * scale, 600 * scale);
    return c;
  }

  const nearH = H * o.vehicleScale, farH = nearH * 0.62;
  const near = await Promise.all(o.near.map((u) => sprite(u, nearH)));
  const far = await Promise.all(o.far.map((u) => sprite(u, farH)));
  const b = o.brand, gold = o.gold;
  const horizon = H * o.horizon;
  const roadTop = H * o.road;
  const rand = (() => { let s = 7; return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296); })();
  const treeCount = Math.round(W / 160);
  const trees = Array.from({ length: treeCount }, (_, i) => ({ x: (i + 0.2 + rand() * 0.6) * (W / treeCount), s: 0.6 + rand() * 0.6 }));
  const stars = Array.from({ length: 40 }, () => ({ x: rand() * W, y: rand() * horizon * 0.55, r: 0.6 + rand() * 1.1, p: rand() }));

  function hills(offset, base, amp, seed, color) {
    ctx.beginPath();
    ctx.moveTo(-60, H);
    for (let x = -60; x <= W + 60; x += 8) {
      const u = (x + offset) / W;
      const y = base - amp * (0.55 * Math.sin(u * 5.1 + seed) + 0.3 * Math.sin(u * 11.7 + seed * 2) + 0.15 * Math.sin(u * 23 + seed * 3));
      ctx.lineTo(x, y);
    }
    ctx.lineTo(W + 60, H);
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.fill();
  }

  function acacia(x, ground, s) {
    const h = 62 * s * (Math.min(W, H) / 540);
    ctx.fillStyle = b[9];
    ctx.beginPath();
    ctx.moveTo(x - 3 * s, ground); ctx.lineTo(x - 1.5 * s, ground - h * 0.75); ctx.lineTo(x + 1.5 * s, ground - h * 0.75); ctx.lineTo(x + 3 * s, ground);
    ctx.fill();
    ctx.lineWidth = 2.2 * s; ctx.strokeStyle = b[9];
    ctx.beginPath(); ctx.moveTo(x, ground - h * 0.55); ctx.lineTo(x - h * 0.35, ground - h * 0.88); ctx.moveTo(x, ground - h * 0.6); ctx.lineTo(x + h * 0.4, ground - h * 0.9); ctx.stroke();
    ctx.beginPath(); ctx.ellipse(x, ground - h * 0.95, h * 0.72, h * 0.14, 0, 0, TAU); ctx.fill();
  }

  function lane(sprites, t, y, dir, dim, phase) {
    const widest = Math.max(...sprites.map((s) => s.width));
    const L = W + widest + 40;
    sprites.forEach((s, i) => {
      const travelled = ((phase + i / sprites.length + t / o.seconds) % 1) * L;
      const x = dir > 0 ? travelled - widest : W - travelled + (widest - s.width);
      const bob = Math.sin((t / o.seconds) * TAU * 8 + i) * 0.6;
      ctx.save();
      ctx.globalAlpha = dim;
      if (dir < 0) { ctx.translate(x + s.width, y - s.height + bob); ctx.scale(-1, 1); ctx.drawImage(s, 0, 0); }
      else ctx.drawImage(s, x, y - s.height + bob);
      ctx.restore();
    });
  }

  function frame(t) {
    const ph = (t / o.seconds) * TAU;
    const zoom = 1.035 + 0.025 * Math.sin(ph);
    const pan = 14 * Math.sin(ph);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const sky = ctx.createLinearGradient(0, 0, 0, horizon);
    sky.addColorStop(0, b[9]); sky.addColorStop(0.45, b[8]); sky.addColorStop(0.8, '#6f7d3c'); sky.addColorStop(1, gold[5]);
    ctx.fillStyle = sky; ctx.fillRect(0, 0, W, H);
    ctx.setTransform(zoom, 0, 0, zoom, W / 2 * (1 - zoom) + pan * 0.2, H * (1 - zoom));
    for (const s of stars) { ctx.globalAlpha = 0.25 + 0.35 * (0.5 + 0.5 * Math.sin(ph * 2 + s.p * TAU)); ctx.fillStyle = '#fff8e1'; ctx.beginPath(); ctx.arc(s.x, s.y, s.r, 0, TAU); ctx.fill(); }
    ctx.globalAlpha = 1;
    const sunX = W * (W > H ? 0.74 : 0.7), sunY = horizon - H * 0.05, sunR = Math.min(W, H) * (0.075 + 0.004 * Math.sin(ph));
    const glow = ctx.createRadialGradient(sunX, sunY, 0, sunX, sunY, sunR * 6);
    glow.addColorStop(0, 'rgba(255,206,71,0.55)'); glow.addColorStop(0.35, 'rgba(245,176,0,0.18)'); glow.addColorStop(1, 'rgba(245,176,0,0)');
    ctx.fillStyle = glow; ctx.fillRect(0, 0, W, H);
    ctx.fillStyle = gold[2]; ctx.beginPath(); ctx.arc(sunX, sunY, sunR, 0, TAU); ctx.fill();
    ctx.setTransform(zoom, 0, 0, zoom, W / 2 * (1 - zoom) + pan * 0.5, H * (1 - zoom));
    hills(0, horizon + 4, H * 0.07, 1.3, b[7]);
    ctx.setTransform(zoom, 0, 0, zoom, W / 2 * (1 - zoom) + pan, H * (1 - zoom));
    hills(W * 0.37, horizon + H * 0.06, H * 0.045, 4.1, b[8]);
    for (const tr of trees) acacia(tr.x, horizon + H * 0.07, tr.s);
    const field = ctx.createLinearGradient(0, horizon, 0, roadTop);
    field.addColorStop(0, b[9]); field.addColorStop(1, '#022a1e');
    ctx.fillStyle = field; ctx.fillRect(-80, horizon + H * 0.065, W + 160, roadTop - horizon);
    ctx.fillStyle = '#1b2622'; ctx.fillRect(-80, roadTop, W + 160, H - roadTop + 40);
    ctx.fillStyle = 'rgba(255,206,71,0.25)'; ctx.fillRect(-80, roadTop, W + 160, 2);
    const mid = roadTop + (H - roadTop) * 0.38, dash = 64, shift = (t / o.seconds) * dash * Math.round(W / 90);
    ctx.fillStyle = gold[4];
    for (let x = -dash * 2 - (shift % dash); x < W + dash * 2; x += dash) ctx.fillRect(x, mid, dash * 0.5, 3);
    lane(far, t, mid - 6, -1, 0.9, o.phases[1]);
    lane(near, t, H * o.nearLane, 1, 1, o.phases[0]);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const vignette = ctx.createRadialGradient(W / 2, H * 0.55, Math.min(W, H) * 0.3, W / 2, H * 0.55, Math.max(W, H) * 0.8);
    vignette.addColorStop(0, 'rgba(2,20,14,0)'); vignette.addColorStop(1, 'rgba(2,20,14,0.45)');
    ctx.fillStyle = vignette; ctx.fillRect(0, 0, W, H);
  }

  frame(0);
  const posterWebp = canvas.toDataURL('image/webp', 0.8);
  const posterJpeg = canvas.toDataURL('image/jpeg', 0.8);

  const stream = canvas.captureStream(0);
  const track = stream.getVideoTracks()[0];
  const mimeType = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8'].find((m) => MediaRecorder.isTypeSupported(m));
  const rec = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: o.bitsPerSecond });
  const chunks = [];
  rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
  const stopped = new Promise((r) => (rec.onstop = r));
  rec.start();
  const start = performance.now();
  for (let k = 0; k < N; k++) {
    frame(k / o.fps);
    track.requestFrame();
    const due = start + ((k + 1) * 1000) / o.fps;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
  }
  rec.stop();
  await stopped;
  const blob = new Blob(chunks, { type: 'video/webm' });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { mimeType, video: btoa(bin), posterWebp, posterJpeg };
};
`;

// ---- WebM (EBML) duration: MediaRecorder writes none, so players see an endless stream. ----
function readVint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number } {
  const first = buf[at]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + buf[at + i]!;
  return { value, length };
}

/** Adds Segment > Info > Duration (in the file's timecode units) when the recorder left it out, so the clip has a known length. */
function withDuration(webm: Buffer, durationMs: number): Buffer {
  const SEGMENT = 0x18538067;
  const INFO = 0x1549a966;
  const header = readVint(webm, 0, true);
  const headerSize = readVint(webm, header.length, false);
  let at = header.length + headerSize.length + headerSize.value;
  const seg = readVint(webm, at, true);
  if (seg.value !== SEGMENT) throw new Error('not a WebM segment');
  at += seg.length + readVint(webm, at + seg.length, false).length;
  for (;;) {
    const id = readVint(webm, at, true);
    const size = readVint(webm, at + id.length, false);
    const body = at + id.length + size.length;
    if (id.value !== INFO) {
      at = body + size.value;
      continue;
    }
    // TimecodeScale defaults to 1 ms; Duration is a float in those units.
    let scale = 1_000_000;
    for (let p = body; p < body + size.value;) {
      const cid = readVint(webm, p, true);
      const csize = readVint(webm, p + cid.length, false);
      const cbody = p + cid.length + csize.length;
      // Newer Chromium writes the duration itself when the recording stops.
      if (cid.value === 0x4489 && (csize.value === 8 ? webm.readDoubleBE(cbody) : webm.readFloatBE(cbody)) > 0) return webm;
      if (cid.value === 0x2ad7b1) scale = webm.readUIntBE(cbody, csize.value);
      p = cbody + csize.value;
    }
    const duration = Buffer.alloc(11);
    duration.writeUInt16BE(0x4489, 0);
    duration[2] = 0x88;
    duration.writeDoubleBE((durationMs * 1_000_000) / scale, 3);
    const newSize = Buffer.alloc(8);
    newSize[0] = 0x01;
    newSize.writeUIntBE(size.value + duration.length, 2, 6);
    return Buffer.concat([webm.subarray(0, at + id.length), newSize, webm.subarray(body, body + size.value), duration, webm.subarray(body + size.value)]);
  }
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    for (const v of VARIANTS) {
      const page = await browser.newPage({ viewport: { width: v.width, height: v.height } });
      await page.setContent('<!doctype html><body style="margin:0;background:#000">');
      await page.addScriptTag({ content: PAGE_SCRIPT });
      const result = await page.evaluate((o) => (window as unknown as { heroMedia(o: unknown): Promise<{ mimeType: string; video: string; posterWebp: string; posterJpeg: string }> }).heroMedia(o), {
        width: v.width,
        height: v.height,
        seconds: SECONDS,
        fps: FPS,
        bitsPerSecond: v.bitsPerSecond,
        vehicleScale: v.vehicleScale,
        phases: v.phases,
        horizon: v.horizon,
        road: v.road,
        nearLane: v.nearLane,
        near: v.near.map(vehicleSvg),
        far: v.far.map(vehicleSvg),
        brand: theme.colors!.brand,
        gold: theme.colors!.gold,
      });
      const video = withDuration(Buffer.from(result.video, 'base64'), SECONDS * 1000);
      const files = {
        webm: video,
        webp: Buffer.from(result.posterWebp.split(',')[1]!, 'base64'),
        jpg: Buffer.from(result.posterJpeg.split(',')[1]!, 'base64'),
      };
      for (const [ext, bytes] of Object.entries(files)) writeFileSync(path.join(outDir, `hero-${v.name}.${ext}`), bytes);
      const size = statSync(path.join(outDir, `hero-${v.name}.webm`)).size;
      console.log(`hero-${v.name}: ${result.mimeType}, ${(size / 1024).toFixed(0)} KB video, ${(files.webp.length / 1024).toFixed(0)} KB webp, ${(files.jpg.length / 1024).toFixed(0)} KB jpg`);
      if (size > MAX_BYTES) throw new Error(`hero-${v.name}.webm is ${size} bytes, over ${MAX_BYTES}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

await main();
