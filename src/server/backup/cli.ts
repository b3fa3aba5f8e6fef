import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type ServerConfig } from '../config';
import { DataDirLockedError } from '../db/dataDirLock';

/** A failure the person running the command can act on: its message is printed as it is, on one line. */
export class BackupError extends Error {
  constructor(
    message: string,
    /** The process's exit code: 2 for a command used wrongly, 1 otherwise. */
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The command's flags, as `node:util`'s parseArgs declares them. */
type Flags = Record<string, { type: 'string' | 'boolean' }>;

/**
 * The flags of `argv` (after `--` in `npm run backup -- --out FILE`); an unknown flag, a stray word or a
 * flag without its value is a BackupError naming the usage.
 */
export function flagsOf<F extends Flags>(argv: string[], flags: F, usage: string): { [K in keyof F]?: F[K]['type'] extends 'string' ? string : boolean } {
  try {
    const { values } = parseArgs({ args: argv, options: flags, strict: true, allowPositionals: false });
    return values as { [K in keyof F]?: F[K]['type'] extends 'string' ? string : boolean };
  } catch (err) {
    throw new BackupError(`${(err as Error).message.replace(/\s+/g, ' ').trim()}. Usage: ${usage}`, 2);
  }
}

/**
 * A file named on the command line, from where the person typed it: npm runs a script in the package's
 * folder and says where it was started in INIT_CWD.
 */
export function fileArgument(file: string): string {
  return path.resolve(process.env.INIT_CWD || process.cwd(), file);
}

/**
 * The server's configuration from the same environment (DATA_DIR, DATABASE_URL, MEDIA_STORE), read without
 * generating the token secret or the push keys into DATA_DIR as the server does on its first start: a
 * backup must not write into the folder it copies, nor a restore make the folder it fills look used (or
 * write secrets the archive's would then have to replace).
 */
export function toolConfig(env: NodeJS.ProcessEnv = process.env): Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'media'> {
  const unused = 'not read by the backup tools';
  const config = loadConfig(env, { jwtSecret: unused, vapid: { publicKey: unused, privateKey: unused, subject: unused } });
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl, media: config.media };
}

/**
 * Runs a command's `main` and ends the process: 0 when it succeeds; otherwise its message on one line on
 * stderr (never a stack trace) and a non-zero code.
 */
export function runCli(name: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      const known = err instanceof BackupError || err instanceof ConfigError || err instanceof DataDirLockedError;
      const message = err instanceof Error ? err.message : String(err);
      process.stderr.write(`${name}: ${known ? '' : 'failed: '}${message.replace(/\s*\n\s*/g, ' ')}\n`);
      process.exit(err instanceof BackupError ? err.exitCode : 1);
    },
  );
}
