import { statSync } from 'node:fs';
import path from 'node:path';
import { backup } from './backup';
import { BackupError, fileArgument, flagsOf, runCli, toolConfig } from './cli';

const USAGE = 'npm run backup -- --out FILE';

/**
 * `npm run backup -- --out FILE`: one archive of the database, the photos of the local store and DATA_DIR's
 * generated secrets, with the server's own settings (DATA_DIR, DATABASE_URL, MEDIA_STORE); while the
 * server runs or not.
 */
async function main(): Promise<void> {
  const flags = flagsOf(process.argv.slice(2), { out: { type: 'string' } }, USAGE);
  if (!flags.out) throw new BackupError(`say where to write the archive. Usage: ${USAGE}`, 2);
  const out = fileArgument(flags.out);
  const folder = path.dirname(out);
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) throw new BackupError(`the folder ${folder} (of --out) does not exist`, 2);
  if (statSync(out, { throwIfNoEntry: false })?.isDirectory()) throw new BackupError(`${out} is a folder: --out names the archive file to write`, 2);
  const config = toolConfig();
  const { manifest, source } = await backup(config, out);
  const { photos, photo_bytes, database_bytes } = manifest.counts;
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  const lines = [
    `Backed up to ${out}:`,
    `  the database (${manifest.engine}, ${mb(database_bytes)}), copied from ${source}`,
    manifest.media_store === 'local'
      ? `  ${photos} photo files (${mb(photo_bytes)}) from ${path.join(config.dataDir, 'media')}`
      : '  no photos: MEDIA_STORE=s3 keeps them in the bucket, which is backed up on its own (see the README)',
    `  secrets from DATA_DIR: ${manifest.secrets.length ? manifest.secrets.join(', ') : 'none'}`,
  ];
  if (process.env.JWT_SECRET) lines.push('  JWT_SECRET is set in the environment: keep it with this backup, or the sign-ins made before it end on restore');
  process.stdout.write(`${lines.join('\n')}\n`);
}

runCli('backup', main);
