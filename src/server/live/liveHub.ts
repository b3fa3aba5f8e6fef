import type { FastifyBaseLogger } from 'fastify';
import { LIVE_UNAUTHORIZED, type LiveEvent } from '@/domain/messages/liveEvents';
import type { Database } from '../db/client';
import { findConversation } from '../repositories/conversations/conversations.repo';
import { findMessage, toChatMessage } from '../repositories/conversations/messages.repo';

// The live channel's fan-out (issue 37): each instance keeps its own open sockets by person, and hears
// every instance's messages through PostgreSQL's NOTIFY on MESSAGES_CHANNEL (the triggers of migration
// 0019 send one when a message is stored or a conversation read, whoever stored it), so a message posted
// to one instance reaches a person connected to another. PGlite (one process) hears its own.

export const MESSAGES_CHANNEL = 'motokari_messages';
const RELISTEN_MS = 1000;

/** What the hub needs of a socket: send a text frame, close it, and whether it is open. */
export interface LiveSocket {
  send(data: string): void;
  close(code: number, reason: string): void;
  readonly readyState: number;
}
const OPEN = 1;

interface ConversationNotice {
  kind: 'message' | 'read' | 'conversation';
  conversation_id: string;
  message_id: string | null;
  buyer_id: string;
  seller_id: string;
}

/** A person's tokens were revoked or the account deleted (migration 0023): their sockets close. */
interface SignoutNotice {
  kind: 'signout';
  user_id: string;
}

type Notice = ConversationNotice | SignoutNotice;

function parseNotice(payload: string): Notice | null {
  try {
    const n = JSON.parse(payload) as Partial<Record<keyof ConversationNotice | keyof SignoutNotice, string>>;
    if (n.kind === 'signout' && n.user_id) return { kind: 'signout', user_id: n.user_id };
    if ((n.kind === 'message' || n.kind === 'read' || n.kind === 'conversation') && n.conversation_id && n.buyer_id && n.seller_id) return n as ConversationNotice;
  } catch {
    // Not ours (an operator's NOTIFY by hand): ignored.
  }
  return null;
}

export class LiveHub {
  private readonly sockets = new Map<string, Set<LiveSocket>>();
  private stop: (() => Promise<void>) | null = null;
  private relistenTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** How many sockets this instance holds (the metrics and the bench read it). */
  get size(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /** Whether the person has a socket open on this instance. */
  isConnected(userId: string): boolean {
    return (this.sockets.get(userId)?.size ?? 0) > 0;
  }

  add(userId: string, socket: LiveSocket): void {
    const set = this.sockets.get(userId) ?? new Set<LiveSocket>();
    set.add(socket);
    this.sockets.set(userId, set);
  }

  remove(userId: string, socket: LiveSocket): void {
    const set = this.sockets.get(userId);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.sockets.delete(userId);
  }

  /** Starts listening; when the listening connection is lost it listens again a second later. */
  async start(): Promise<void> {
    if (this.closed) return;
    try {
      const stop = await this.database.listen(
        MESSAGES_CHANNEL,
        (payload) => void this.onNotice(payload),
        () => this.relisten(),
      );
      if (this.closed) return void (await stop());
      this.stop = stop;
    } catch (err) {
      this.log.warn({ err }, 'the live channel could not listen for messages; trying again');
      this.relisten();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.relistenTimer) clearTimeout(this.relistenTimer);
    await this.stop?.();
    this.stop = null;
  }

  private relisten(): void {
    this.stop = null;
    if (this.closed) return;
    this.relistenTimer = setTimeout(() => void this.start(), RELISTEN_MS);
    this.relistenTimer.unref();
  }

  private async onNotice(payload: string): Promise<void> {
    const notice = parseNotice(payload);
    if (!notice) return;
    if (notice.kind === 'signout') return this.signOut(notice.user_id);
    const people = [notice.buyer_id, notice.seller_id];
    // Nobody of the two here: nothing to read.
    if (!people.some((id) => this.isConnected(id))) return;
    try {
      for (const event of await this.eventsOf(notice)) for (const id of people) this.sendTo(id, event);
    } catch (err) {
      this.log.warn({ err, conversation: notice.conversation_id }, 'a live event could not be sent');
    }
  }

  /** Closes a person's sockets as an unknown token's are (the app then signs in again). */
  private signOut(userId: string): void {
    for (const socket of this.sockets.get(userId) ?? []) socket.close(LIVE_UNAUTHORIZED, 'signed out');
    this.sockets.delete(userId);
  }

  private async eventsOf(notice: ConversationNotice): Promise<LiveEvent[]> {
    const db = this.database.db;
    if (notice.kind === 'conversation') return [{ type: 'conversation', conversation_id: notice.conversation_id }];
    if (notice.kind === 'message') {
      const m = notice.message_id ? await findMessage(db, notice.message_id) : null;
      return m ? [{ type: 'message', message: toChatMessage(m) }] : [];
    }
    const c = await findConversation(db, notice.conversation_id);
    if (!c) return [];
    const reads: LiveEvent[] = [];
    if (c.buyerReadAt) reads.push({ type: 'read', conversation_id: c.id, reader_id: c.buyerId, read_at: c.buyerReadAt.toISOString() });
    if (c.sellerReadAt) reads.push({ type: 'read', conversation_id: c.id, reader_id: c.sellerId, read_at: c.sellerReadAt.toISOString() });
    return reads;
  }

  private sendTo(userId: string, event: LiveEvent): void {
    const data = JSON.stringify(event);
    for (const socket of this.sockets.get(userId) ?? []) if (socket.readyState === OPEN) socket.send(data);
  }
}
