import type { ApiKeyScope } from '@/domain/account/stockApi';
import type { ServerConfig } from './config';
import type { Database, Db, Engine } from './db/client';
import type { JobRunner } from './jobs/runner';
import type { Mailer } from './mail/mailer';
import type { SmsSender } from './sms/smsSender';
import type { MediaStore } from './media/mediaStore';
import type { PaymentProviders } from './payments/providers';
import type { EmailAlerts } from './mail/savedSearchAlerts';
import type { PushNotifier } from './push/notifier';
import type { Readiness } from '../domain/core/wire';
import type { UserRow } from './repositories/users.repo';
import type { PublicListingIndex } from './search/publicIndex';
import type { Startup } from './startup';

/** What buildServer is given in place of what the configuration would make (tests pass their own). */
export interface ServerDeps {
  database?: Database;
  /**
   * Resolve buildServer as soon as the server can listen, with the start-up (the database opening,
   * the catalogue, the sample listings) still running behind `app.startup` (src/server/start.ts).
   * Otherwise buildServer resolves once the start-up is done (tests).
   */
  startInBackground?: boolean;
  payments?: PaymentProviders;
  mailer?: Mailer;
  /** Sends SMS (phone verification codes); otherwise as the configuration says (sms/smsSender.ts). */
  sms?: SmsSender;
  now?: () => Date;
  /** Folder of the built app to serve; absent or missing folder: only /api is served. */
  appDir?: string | null;
  logger?: boolean;
  /** Where the log's JSON lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** How long a background job's claim holds (tests shorten it to see another instance take a job over). */
  jobLeaseMs?: number;
  /** The most listings a sitemap file lists (50,000, the sitemaps protocol's limit; tests lower it to see several files). */
  sitemapSize?: number;
}

/** What every route can reach: created once in buildServer (plugins/app/context.ts). */
export interface AppContext {
  config: ServerConfig;
  /** The database's handle: its pool's figures, the embedded one's dump. */
  database: Database;
  db: Db;
  engine: Engine;
  mailer: Mailer;
  /** Text messages (phone verification codes): Africa's Talking or DATA_DIR/outbox. */
  sms: SmsSender;
  media: MediaStore;
  payments: PaymentProviders;
  /** Answers public searches from memory (see search/publicIndex.ts). */
  publicIndex: PublicListingIndex;
  /** Push notifications (see push/notifier.ts), sent by background jobs. */
  push: PushNotifier;
  /** Saved-search alerts by email (see mail/savedSearchAlerts.ts), sent by background jobs. */
  emailAlerts: EmailAlerts;
  /** Background work run once across instances (see jobs/runner.ts); `kick()` after enqueuing a job. */
  jobs: JobRunner;
  now: () => Date;
  /** Whether this instance can serve (GET /api/ready): its dependencies answer. */
  readiness: () => Promise<Readiness>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Where start-up is, and whether the instance is stopping (see startup.ts). */
    startup: Startup;
  }
  interface FastifyRequest {
    /** The signed-in user, when the request carried a valid token (see plugins/auth.ts). */
    currentUser: UserRow | null;
    authError: string | null;
    /** The API key the request signed in with (issue 38), when it used one rather than a session's token. */
    apiKey: { id: string; scope: ApiKeyScope } | null;
  }
  interface FastifyContextConfig {
    /** Skip the idempotency layer (the route is naturally idempotent or streams its body). */
    skipIdempotency?: boolean;
    /** A dealer's API key may sign in to this route (issue 38): a read key for GET, a write key for any method. */
    apiKeys?: boolean;
  }
}
