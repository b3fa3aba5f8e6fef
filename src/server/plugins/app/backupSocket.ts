import { chmod, rename, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import fp from 'fastify-plugin';
import { backupSocketPath, DUMP_REQUEST, headerLine, MAX_LINE, socketPathFits } from '@/server/backup/protocol';

/** How long a connection may take to send its request before it is dropped. */
const REQUEST_TIMEOUT_MS = 30_000;
/** The dump is sent in slices of this size, so that it is not copied whole once more on its way out. */
const SLICE = 1024 * 1024;

/**
 * `npm run backup` while this server runs on the embedded database (src/server/backup/protocol.ts): the
 * server holds the database's folder, so it dumps the database itself, on request, on the Unix socket
 * DATA_DIR/backup.sock (mode 0600). Started once start-up is done (the folder's lock is then this
 * process's, so a socket file already there was left by a process that died, and is replaced); closed,
 * and its file removed, with the server. Dumps run one at a time. Nothing for PostgreSQL (pg_dump copies
 * it while it runs) or an in-memory database.
 */
export const backupSocketPlugin = fp(async (app) => {
  const { config, database } = app.ctx;
  const dump = database.dumpDataDir;
  if (config.databaseUrl || config.inMemory || !dump) return;
  const file = backupSocketPath(config.dataDir);
  const connections = new Set<Socket>();
  let dumping: Promise<unknown> = Promise.resolve();
  let closing = false;

  const answer = async (socket: Socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    const request = await firstLine(socket);
    if (request === null) return;
    if (request !== DUMP_REQUEST) {
      socket.end(headerLine({ ok: false, error: 'unknown request (is the backup command from the same version as the server?)' }));
      return;
    }
    socket.setTimeout(0);
    const started = Date.now();
    const taken = dumping.then(() => dump());
    dumping = taken.catch(() => undefined);
    let blob: Blob;
    try {
      blob = await taken;
    } catch (err) {
      app.log.error({ err }, 'backup: the database could not be dumped');
      socket.end(headerLine({ ok: false, error: `the server could not dump its database: ${(err as Error).message}` }));
      return;
    }
    try {
      await send(socket, headerLine({ ok: true, engine: 'pglite', bytes: blob.size }));
      for (let at = 0; at < blob.size && !socket.destroyed; at += SLICE) await send(socket, Buffer.from(await blob.slice(at, at + SLICE).arrayBuffer()));
      socket.end();
      app.log.info({ bytes: blob.size, ms: Date.now() - started }, 'backup: database dump sent');
    } catch (err) {
      app.log.warn({ err }, 'backup: the backup command went away before the whole dump was sent');
    }
  };

  const server = createServer((socket) => void answer(socket));
  server.on('error', (err) => app.log.warn({ err }, 'backup: socket error'));
  let listening: Promise<boolean> = Promise.resolve(false);
  void app.startup.done.then(
    () => {
      if (closing) return;
      listening = listenPrivately(server, file).then(
        () => {
          app.log.info({ socket: file }, 'backup: `npm run backup` can copy this server while it runs');
          return true;
        },
        (err: unknown) => {
          app.log.warn({ err, socket: file }, 'backup: no backup socket; `npm run backup` needs this server stopped');
          return false;
        },
      );
    },
    () => undefined,
  );

  app.addHook('onClose', async () => {
    closing = true;
    if (!(await listening)) return;
    // The dump under way finishes before the database closes (the context's onClose, which runs after
    // this one); a dump still being sent is then cut, and the command says the server stopped.
    await dumping;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of connections) socket.destroy();
    });
    await rm(file, { force: true });
  });
});

/**
 * Listens on `file` with mode 0600 from its first moment: on a name of its own first, made private, then
 * renamed into place (which also replaces a socket file left by a process that died).
 */
async function listenPrivately(server: Server, file: string): Promise<void> {
  const aside = `${file}.${process.pid}.tmp`;
  if (!socketPathFits(aside)) throw new Error(`the path ${aside} is too long for a Unix socket: choose a shorter DATA_DIR`);
  await rm(aside, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(aside, () => {
      server.off('error', reject);
      resolve();
    });
  });
  try {
    await chmod(aside, 0o600);
    await rename(aside, file);
  } catch (err) {
    server.close();
    throw err;
  }
}

/** The connection's first line, or null when it closes, times out or sends too much before one. */
function firstLine(socket: Socket): Promise<string | null> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end < 0 && text.length <= MAX_LINE) return;
      socket.off('data', onData);
      if (end < 0) socket.destroy();
      resolve(end < 0 ? null : text.slice(0, end));
    };
    socket.on('data', onData);
    socket.once('close', () => resolve(null));
  });
}

/** Writes to the socket, waiting while its buffer is full; rejects when it closes first. */
function send(socket: Socket, data: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return reject(new Error('connection closed'));
    const closed = () => reject(new Error('connection closed'));
    socket.once('close', closed);
    const done = () => {
      socket.off('close', closed);
      resolve();
    };
    if (socket.write(data)) done();
    else socket.once('drain', done);
  });
}
