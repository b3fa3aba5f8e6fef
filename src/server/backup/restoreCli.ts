import path from 'node:path';
import { BackupError, fileArgument, flagsOf, runCli, toolConfig } from './cli';
import { restore } from './restore';

const USAGE = 'npm run restore -- --from FILE [--force]';

/**
 * `npm run restore -- --from FILE [--force]`: puts a backup (`npm run backup`) into DATA_DIR and, with
 * DATABASE_URL, into that PostgreSQL database, both empty unless --force; `npm start` then serves what
 * was backed up.
 */
async function main(): Promise<void> {
  const flags = flagsOf(process.argv.slice(2), { from: { type: 'string' }, force: { type: 'boolean' } }, USAGE);
  if (!flags.from) throw new BackupError(`say which archive to restore. Usage: ${USAGE}`, 2);
  const config = toolConfig();
  const { manifest, counts } = await restore(config, fileArgument(flags.from), flags.force === true);
  const into = config.databaseUrl ? `${config.dataDir} and the database of DATABASE_URL` : config.dataDir;
  const lines = [
    `Restored the backup of ${manifest.created_at} into ${into}:`,
    `  ${counts.listings} listings, ${counts.accounts} accounts, ${counts.payments} payments`,
    manifest.media_store === 'local'
      ? `  ${manifest.counts.photos} photo files in ${path.join(config.dataDir, 'media')}`
      : '  no photos: the backed-up server kept them in its S3 bucket (MEDIA_STORE=s3), which this restore does not touch',
  ];
  if (!manifest.secrets.includes('jwt-secret')) lines.push('  no token secret in the backup (the server had JWT_SECRET set): set the same JWT_SECRET, or earlier sign-ins end');
  if (!manifest.secrets.includes('vapid.json')) lines.push('  no push keys in the backup (the server had VAPID_* set): set the same VAPID_* keys, or push subscriptions stop');
  if (config.media.store === 's3' && manifest.counts.photos > 0) lines.push(`  MEDIA_STORE=s3: copy the photos into the bucket (aws s3 sync ${path.join(config.dataDir, 'media')} s3://$S3_BUCKET/)`);
  lines.push('Start the server with npm start.');
  process.stdout.write(`${lines.join('\n')}\n`);
}

runCli('restore', main);
