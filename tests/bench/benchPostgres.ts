import { execSync } from 'node:child_process';
import path from 'node:path';

/**
 * The PostgreSQL a bench runs on: BENCH_DATABASE_URL or TEST_DATABASE_URL when set, else a throwaway
 * server started from Debian's binaries by .ci/start-postgres.sh, with the way to stop it again
 * (null for one the bench did not start).
 */
export function benchPostgres(root: string): { url: string; stop: (() => void) | null } {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
  if (given) return { url: given, stop: null };
  const out = execSync(`bash ${path.join(root, '.ci/start-postgres.sh')}`, { encoding: 'utf8' });
  const env = Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((l) => l.replace(/^export /, '').split('=') as [string, string]),
  );
  return { url: env.TEST_DATABASE_URL!, stop: () => execSync(`bash ${path.join(root, '.ci/stop-postgres.sh')}`, { env: { ...process.env, ...env } }) };
}
