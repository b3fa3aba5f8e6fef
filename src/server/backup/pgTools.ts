import { spawn } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import path from 'node:path';
import { BackupError } from './cli';

/** Where Debian installs each PostgreSQL version's programs (not on PATH without the postgresql-client wrapper). */
const DEBIAN_BIN = '/usr/lib/postgresql';

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** `pg_dump` or `pg_restore`: the one on PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
function pgProgram(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && executable(path.join(dir, name))) return path.join(dir, name);
  }
  let versions: string[] = [];
  try {
    versions = readdirSync(DEBIAN_BIN).filter((v) => /^\d+(\.\d+)?$/.test(v));
  } catch {
    // no Debian PostgreSQL
  }
  for (const v of versions.sort((a, b) => Number(b) - Number(a))) {
    const file = path.join(DEBIAN_BIN, v, 'bin', name);
    if (executable(file)) return file;
  }
  throw new BackupError(`${name} was not found on PATH or in ${DEBIAN_BIN}/*/bin: install PostgreSQL's client programs (Debian: apt-get install postgresql-client), of the server's version or newer`);
}

/**
 * The connection for libpq's programs: the URL without its password, which goes in PGPASSWORD instead,
 * so that it does not show in the process list.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BackupError('DATABASE_URL is not a postgres:// address');
  }
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/**
 * Runs pg_dump or pg_restore on DATABASE_URL with `args`; never asks for a password. Rejects with a
 * BackupError carrying the program's own last words when it fails.
 */
export function runPgProgram(name: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const program = pgProgram(name);
  const { dbname, env } = connection(url);
  return new Promise((resolve, reject) => {
    const child = spawn(program, ['--no-password', `--dbname=${dbname}`, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('error', (err) => reject(new BackupError(`${name} could not be started (${program}): ${err.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const said = stderr.trim().split('\n').slice(-3).join(' ').trim();
      reject(new BackupError(`${name} failed (${signal ?? `exit code ${code}`})${said ? `: ${said}` : ''}`));
    });
  });
}
