import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { alive } from '../db/dataDirLock';
import { BackupError } from './cli';
import { backupSocketPath, DUMP_REQUEST, MAX_LINE, parseHeader, socketPathFits } from './protocol';

/** How long to wait for a server that holds the folder but does not answer yet (still starting). */
const WAIT_FOR_SERVER_MS = 120_000;
const RETRY_MS = 250;

function tryConnect(file: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(file);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/**
 * Connects to the backup socket of the server (process `pid`) that holds `dataDir`; while that process
 * runs but does not listen yet (it is starting), tries again for up to two minutes.
 */
async function connectToServer(dataDir: string, pid: number): Promise<Socket> {
  const file = backupSocketPath(dataDir);
  if (!socketPathFits(`${file}.${pid}.tmp`)) {
    throw new BackupError(`the server (process ${pid}) holds ${dataDir}, whose path is too long for its backup socket: stop the server to back up, or use a shorter DATA_DIR`);
  }
  const deadline = Date.now() + WAIT_FOR_SERVER_MS;
  for (;;) {
    try {
      return await tryConnect(file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const waiting = code === 'ENOENT' || code === 'ECONNREFUSED';
      if (!waiting || !alive(pid) || Date.now() > deadline) {
        throw new BackupError(
          `the server (process ${pid}) holds ${dataDir} but does not answer on ${file} (${code ?? (err as Error).message}): ` +
            `run the backup as the server's user, or stop the server and run it again`,
        );
      }
    }
    await sleep(RETRY_MS);
  }
}

/**
 * The embedded database's dump, from the server that holds DATA_DIR (src/server/backup/protocol.ts): its
 * size and its bytes, read from the connection as they are consumed. A connection that ends early is a
 * BackupError.
 */
export async function dumpFromServer(dataDir: string, pid: number): Promise<{ bytes: number; body: AsyncIterable<Buffer>; close(): void }> {
  const socket = await connectToServer(dataDir, pid);
  const chunks = (socket as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const lost = (err: unknown) => new BackupError(`the connection to the server (process ${pid}) failed during the backup: ${(err as Error).message}`);
  const next = async () => {
    try {
      return await chunks.next();
    } catch (err) {
      throw lost(err);
    }
  };
  socket.write(`${DUMP_REQUEST}\n`);
  let head = Buffer.alloc(0);
  while (head.indexOf(10) < 0) {
    const read = await next();
    if (read.done || head.length > MAX_LINE) {
      socket.destroy();
      throw new BackupError(`the server (process ${pid}) closed the backup connection without an answer (is it stopping?)`);
    }
    head = Buffer.concat([head, read.value]);
  }
  const end = head.indexOf(10);
  const header = parseHeader(head.subarray(0, end).toString('utf8'));
  if (!header) {
    socket.destroy();
    throw new BackupError(`the server (process ${pid}) answered something else than a database dump on ${backupSocketPath(dataDir)}`);
  }
  if (!header.ok) {
    socket.destroy();
    throw new BackupError(header.error);
  }
  const first = head.subarray(end + 1);
  const { bytes } = header;
  async function* body(): AsyncGenerator<Buffer> {
    let got = first.length;
    if (first.length) yield first;
    while (got < bytes) {
      const read = await next();
      if (read.done) throw new BackupError(`the server (process ${pid}) sent ${got} of the ${bytes} bytes of its database dump, then closed the connection (did it stop?)`);
      got += read.value.length;
      yield read.value;
    }
    if (got > bytes) throw new BackupError(`the server (process ${pid}) sent more than the ${bytes} bytes it announced`);
  }
  return { bytes, body: body(), close: () => socket.destroy() };
}
