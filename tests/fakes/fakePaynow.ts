// A local stand-in for Paynow's mobile ("remote") transaction and poll endpoints. It checks and signs
// messages the way the paynow package does, so the package's own hash verification runs in the tests.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakePaynowStatus = 'Created' | 'Paid' | 'Cancelled';

export interface FakePaynowTransaction {
  guid: string;
  reference: string;
  paynowReference: string;
  amount: string;
  phone: string;
  method: string;
  status: FakePaynowStatus;
}

export interface FakePaynowRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}

export interface FakePaynow {
  url: string;
  transactions: Map<string, FakePaynowTransaction>;
  requests: FakePaynowRequest[];
  setStatus(guidOrReference: string, status: FakePaynowStatus): void;
  /** The next signed answer carries a wrong hash, as a tampered or corrupted message would. */
  tamperNextHash(): void;
  close(): Promise<void>;
}

/** Paynow's signature: the values in message order (hash excluded), then the lower-cased key, SHA-512, upper-case hex. */
export function paynowHash(fields: Iterable<[string, string]>, integrationKey: string): string {
  let text = '';
  for (const [key, value] of fields) if (key !== 'hash') text += value;
  return createHash('sha512')
    .update(text + integrationKey.toLowerCase(), 'utf8')
    .digest('hex')
    .toUpperCase();
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function reply(res: ServerResponse, fields: Array<[string, string]>): void {
  res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(new URLSearchParams(fields).toString());
}

export async function startFakePaynow(opts: { integrationId: string; integrationKey: string }): Promise<FakePaynow> {
  const transactions = new Map<string, FakePaynowTransaction>();
  const requests: FakePaynowRequest[] = [];
  let nextPaynowReference = 3_100_001;
  let tamper = false;
  let url = '';

  function signed(fields: Array<[string, string]>): Array<[string, string]> {
    let hash = paynowHash(fields, opts.integrationKey);
    if (tamper) {
      tamper = false;
      hash = paynowHash([...fields, ['tampered', 'yes']], opts.integrationKey);
    }
    return [...fields, ['hash', hash]];
  }

  function pollFields(tx: FakePaynowTransaction): Array<[string, string]> {
    return [
      ['reference', tx.reference],
      ['paynowreference', tx.paynowReference],
      ['amount', tx.amount],
      ['status', tx.status],
      ['pollurl', `${url}/poll/${tx.guid}`],
    ];
  }

  function initiate(form: URLSearchParams, res: ServerResponse): void {
    if (form.get('hash') !== paynowHash(form.entries(), opts.integrationKey)) {
      return reply(res, [
        ['status', 'Error'],
        ['error', 'Invalid hash'],
      ]);
    }
    if (form.get('id') !== opts.integrationId) {
      return reply(res, [
        ['status', 'Error'],
        ['error', 'Invalid Id.'],
      ]);
    }
    const phone = form.get('phone') ?? '';
    if (phone.startsWith('000')) {
      return reply(res, [
        ['status', 'Error'],
        ['error', 'Invalid mobile number'],
      ]);
    }
    const tx: FakePaynowTransaction = {
      guid: randomUUID(),
      reference: form.get('reference') ?? '',
      paynowReference: String(nextPaynowReference++),
      amount: Number(form.get('amount')).toFixed(2),
      phone,
      method: form.get('method') ?? '',
      status: 'Created',
    };
    transactions.set(tx.guid, tx);
    reply(
      res,
      signed([
        ['status', 'Ok'],
        ['browserurl', ''],
        ['pollurl', `${url}/poll/${tx.guid}`],
        ['paynowreference', tx.paynowReference],
        ['instructions', 'Dial *151*2*4# to approve'],
      ]),
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const form = new URLSearchParams(body);
    requests.push({ method: req.method ?? '', path, form: Object.fromEntries(form) });

    if (req.method === 'POST' && path === '/interface/remotetransaction') return initiate(form, res);

    const poll = /^\/poll\/([^/]+)$/.exec(path);
    if ((req.method === 'GET' || req.method === 'POST') && poll?.[1]) {
      const tx = transactions.get(poll[1]);
      if (!tx)
        return reply(res, [
          ['status', 'Error'],
          ['error', 'Invalid poll url'],
        ]);
      return reply(res, signed(pollFields(tx)));
    }

    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    transactions,
    requests,
    setStatus(guidOrReference, status) {
      const tx = transactions.get(guidOrReference) ?? [...transactions.values()].find((t) => t.reference === guidOrReference);
      if (!tx) throw new Error(`fake Paynow: no transaction ${guidOrReference}`);
      tx.status = status;
    },
    tamperNextHash() {
      tamper = true;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // axios keeps connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}
