// The phone's network for npm run bench:mirror: a TCP relay on loopback between the browser (or Node's
// feed download) and the server, shaping both directions as a mobile network does.
import net from 'node:net';

/** A mobile network: the rates of each direction, and the round trip added to the data. */
export interface NetProfile {
  name: string;
  downBps: number;
  upBps: number;
  rttMs: number;
}

/** The phone profile of issue 16 (a fair 3G/HSPA connection). */
export const PHONE_3G: NetProfile = { name: '3G', downBps: 1.6e6, upBps: 750e3, rttMs: 150 };
/** 2G (EDGE), as many of the country's phones still meet outside the towns. */
export const EDGE: NetProfile = { name: 'EDGE', downBps: 240e3, upBps: 120e3, rttMs: 400 };

export const profileText = (p: NetProfile) => `${p.downBps >= 1e6 ? `${p.downBps / 1e6} Mbit/s` : `${p.downBps / 1e3} kbit/s`} down, ${p.upBps / 1e3} kbit/s up, +${p.rttMs} ms round trip`;

export interface Relay {
  port: number;
  profile: NetProfile;
  /** Bytes the relay carried towards the browser since the last reset (HTTP headers and bodies). */
  down: number;
  up: number;
  reset(): void;
  /** Bytes delivered towards the client since the last reset up to the wall clock `epochMs` (Date.now()'s scale). */
  downBefore(epochMs: number): number;
  /**
   * Cuts every connection and forgets what was queued on them: a browser closed in the middle of a
   * download leaves no queue behind that the next browser's bytes would wait for.
   */
  idle(): void;
  /** No network: connections open now are cut and new ones refused (a phone with no signal). */
  setOffline(offline: boolean): void;
  close(): Promise<void>;
}

/**
 * Every connection (page, search worker, service worker alike) passes through it, so all of them are
 * shaped the same: each direction is one queue at its rate shared by all connections, and each chunk
 * arrives half a round trip after it left. TCP's handshake itself is not delayed.
 */
export async function startRelay(target: number, profile: NetProfile): Promise<Relay> {
  const lane = (bps: number) => {
    let free = 0;
    const delay = (bytes: number) => {
      const now = performance.now();
      free = Math.max(free, now) + (bytes * 8 * 1000) / bps;
      return free + profile.rttMs / 2 - now;
    };
    return Object.assign(delay, { clear: () => (free = 0) });
  };
  const downLane = lane(profile.downBps);
  const upLane = lane(profile.upBps);
  const sockets = new Set<net.Socket>();
  /** Wall-clock times (ms) of deliveries towards the client and the running total after each. */
  let deliveredAt: number[] = [];
  let deliveredTotal: number[] = [];
  let offline = false;
  const relay: Relay = {
    port: 0,
    profile,
    down: 0,
    up: 0,
    reset() {
      relay.down = 0;
      relay.up = 0;
      deliveredAt = [];
      deliveredTotal = [];
    },
    downBefore(epochMs) {
      let lo = 0;
      let hi = deliveredAt.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (deliveredAt[mid]! <= epochMs) lo = mid + 1;
        else hi = mid;
      }
      return lo === 0 ? 0 : deliveredTotal[lo - 1]!;
    },
    idle() {
      for (const s of sockets) s.destroy();
      downLane.clear();
      upLane.clear();
    },
    setOffline(value) {
      offline = value;
      if (offline) relay.idle();
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  // Each direction of a connection delivers in order from its own queue: timers of different lengths
  // may fire out of order, so one timer at a time serves the queue's head.
  const forward = (from: net.Socket, to: net.Socket, delay: (bytes: number) => number, count: (bytes: number) => void, onDelivered?: (bytes: number) => void) => {
    const queue: { at: number; act: () => void }[] = [];
    let timer: NodeJS.Timeout | null = null;
    const pump = () => {
      timer = null;
      while (queue.length && queue[0]!.at <= performance.now()) queue.shift()!.act();
      if (queue.length) timer = setTimeout(pump, Math.max(1, queue[0]!.at - performance.now()));
    };
    const later = (ms: number, act: () => void) => {
      queue.push({ at: performance.now() + ms, act });
      if (!timer) timer = setTimeout(pump, Math.max(1, ms));
    };
    from.on('data', (chunk: Buffer) => {
      count(chunk.length);
      later(delay(chunk.length), () => {
        if (to.destroyed) return;
        to.write(chunk);
        onDelivered?.(chunk.length);
      });
    });
    from.on('end', () => later(delay(0), () => to.destroyed || to.end()));
    from.on('error', (e) => {
      if (process.env.BENCH_DEBUG) console.log(`  relay: ${e.message}`);
      to.destroy();
    });
    from.on('close', () => later(delay(0) + 50, () => to.destroy()));
  };
  const server = net.createServer((client) => {
    if (offline) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    forward(client, upstream, upLane, (b) => (relay.up += b));
    forward(
      upstream,
      client,
      downLane,
      (b) => (relay.down += b),
      (b) => {
        deliveredAt.push(Date.now());
        deliveredTotal.push((deliveredTotal.at(-1) ?? 0) + b);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.port = (server.address() as net.AddressInfo).port;
  return relay;
}
