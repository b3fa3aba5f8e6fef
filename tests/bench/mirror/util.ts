// Small helpers shared by the files of npm run bench:mirror.
import os from 'node:os';

export const MINUTE = 60_000;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `p`, or an error after `ms`: a last guard (minutes), never the measure of anything. */
export async function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** The machine's load average over the last minute, as it stands at a measured moment. */
export const load1 = () => os.loadavg()[0]!;

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export const MB = (b: number) => `${(b / 1e6).toFixed(2)} MB`;
export const KB = (b: number) => `${(b / 1e3).toFixed(1)} KB`;
export const S = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * A rough single-core score of the machine, for comparing runs on different hosts: the best of five
 * timings of a fixed integer loop in Node (ms; lower is quicker).
 */
export function cpuLoopMs(): number {
  let best = Infinity;
  for (let k = 0; k < 5; k++) {
    const t = performance.now();
    let x = 0;
    for (let i = 0; i < 50_000_000; i++) x = (x + ((i * 2654435761) % 7)) | 0;
    const ms = performance.now() - t;
    if (x !== 0.5) best = Math.min(best, ms);
  }
  return best;
}
