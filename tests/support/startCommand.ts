import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The Node.js options `npm start` runs the server with (package.json's start script: `node <options>
 * src/server/start.ts`), so tests and benchmarks start the server process the same way, with its pid
 * the server's own.
 */
export function startNodeOptions(): string[] {
  const script = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const words = script.split(/\s+/);
  if (words[0] !== 'node' || words[words.length - 1] !== 'src/server/start.ts') throw new Error(`package.json's start script is not "node <options> src/server/start.ts": ${script}`);
  return words.slice(1, -1);
}
