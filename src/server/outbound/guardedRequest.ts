import { lookup as dnsLookup, type LookupAddress, type LookupOneOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isPublicAddress } from './publicAddress';

// One request out of the server to an address a user gave (a dealer's webhook): only to public
// addresses, however the name resolves (the check is on the address the socket connects to, so a
// name that resolves differently between a check and the connection cannot slip through), with no
// redirects followed, a time limit and a cap on the answer's size.

export class OutboundRefused extends Error {
  constructor(
    message: string,
    /** Refused for naming or reaching a private address (rather than for not being a URL we call). */
    readonly privateAddress = false,
  ) {
    super(message);
  }
}

export interface OutboundRequest {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
  /** Private addresses allowed: all (config.outboundAllowPrivate: tests, a developer's machine), or these. */
  allowPrivate: boolean | ReadonlySet<string>;
}

export interface OutboundAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The host of a URL as an address, when it is written as one (`[::1]` loses its brackets). */
const literalHost = (u: URL) => u.hostname.replace(/^\[|\]$/g, '');

const permits = (address: string, allowPrivate: boolean | ReadonlySet<string>) => allowPrivate === true || isPublicAddress(address) || (allowPrivate !== false && allowPrivate.has(address));

/** Whether a URL may be called at all: http(s), and not naming a private address or localhost outright. */
export function checkOutboundUrl(raw: string, allowPrivate: boolean | ReadonlySet<string>): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new OutboundRefused('not a URL');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new OutboundRefused('not http(s)');
  if (u.username || u.password) throw new OutboundRefused('credentials in the URL');
  if (allowPrivate === true) return u;
  // A name's trailing dot (`localhost.`) names the same host.
  const host = literalHost(u).toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) throw new OutboundRefused('private address', true);
  if (/^[\d.]+$/.test(host) || host.includes(':')) {
    if (!permits(host, allowPrivate)) throw new OutboundRefused('private address', true);
  }
  return u;
}

/** A DNS lookup that fails for a private address, given to the socket so the address it connects to is the one checked. */
const guardedLookup =
  (allowPrivate: boolean | ReadonlySet<string>) =>
  (hostname: string, options: LookupOneOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => !permits(a.address, allowPrivate));
      if (bad || !list.length) return callback(Object.assign(new OutboundRefused(`${hostname} resolves to a private address`, true), { code: 'EPRIVATE' }), '', 0);
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

export function guardedRequest(req: OutboundRequest): Promise<OutboundAnswer> {
  const u = checkOutboundUrl(req.url, req.allowPrivate);
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const r = client.request(
      u,
      {
        method: req.method,
        headers: { ...req.headers, ...(req.body !== undefined && { 'content-length': String(Buffer.byteLength(req.body)) }) },
        ...(req.allowPrivate !== true && { lookup: guardedLookup(req.allowPrivate) as unknown as typeof dnsLookup }),
        timeout: req.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > req.maxBytes) {
            r.destroy(new OutboundRefused('answer too large'));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    // The whole exchange, not only an idle socket, is held to the limit.
    const timer = setTimeout(() => r.destroy(new OutboundRefused('timed out')), req.timeoutMs);
    r.on('close', () => clearTimeout(timer));
    r.on('timeout', () => r.destroy(new OutboundRefused('timed out')));
    r.on('error', reject);
    r.end(req.body);
  });
}
