import type { ServerConfig } from './config';
import type { Db, Engine } from './db/client';
import type { JobRunner } from './jobs/runner';
import type { Mailer } from './mail/mailer';
import type { MediaStore } from './media/mediaStore';
import type { PaymentProviders } from './payments/providers';
import type { PushNotifier } from './push/notifier';
import type { Readiness } from './readiness';
import type { UserRow } from './repositories/users.repo';
import type { PublicListingIndex } from './search/publicIndex';

/** What every route can reach: created once in buildServer. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  engine: Engine;
  mailer: Mailer;
  media: MediaStore;
  payments: PaymentProviders;
  /** Answers public searches from memory (see search/publicIndex.ts). */
  publicIndex: PublicListingIndex;
  /** Push notifications (see push/notifier.ts), sent by background jobs. */
  push: PushNotifier;
  /** Background work run once across instances (see jobs/runner.ts); `kick()` after enqueuing a job. */
  jobs: JobRunner;
  now: () => Date;
  /** Whether this instance can serve (GET /api/ready): its dependencies answer. */
  readiness: () => Promise<Readiness>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in user, when the request carried a valid token (see plugins/auth.ts). */
    currentUser: UserRow | null;
    authError: string | null;
  }
  interface FastifyContextConfig {
    /** Skip the idempotency layer (the route is naturally idempotent or streams its body). */
    skipIdempotency?: boolean;
  }
}
