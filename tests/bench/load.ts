import http from 'node:http';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function get(agent: http.Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Keeps `concurrency` requests in flight for `seconds`, cycling through the URLs; reports throughput and latency. */
export async function load(base: string, urls: string[], opts: { concurrency: number; seconds: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const targets = urls.map((u) => new URL(u, base));
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const until = performance.now() + opts.seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const url = targets[i++ % targets.length]!;
      const t0 = performance.now();
      try {
        if ((await get(agent, url)) !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: pct(latencies, 50), p99: pct(latencies, 99), errors };
}
