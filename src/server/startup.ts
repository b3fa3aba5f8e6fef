/**
 * Where this instance is between its process starting and its process ending: the step its start-up
 * is at, whether the API can answer (the database open and migrated, the catalogue, administrator and
 * sample listings in), and whether it is stopping. The port is served from the first moment; the API
 * answers 503 until `apiReady`, and /api/ready says what it waits for (src/server/readiness.ts).
 */
export class Startup {
  /** The step under way, for /api/ready and for the message when start-up does not finish in time. */
  step = 'starting';
  apiReady = false;
  /** Set when a signal asks the process to stop: /api/ready turns 503 so balancers stop sending. */
  stopping = false;
  /** Settles once start-up has run to its end: resolves when the API can answer, rejects with why it cannot. */
  readonly done: Promise<void>;
  private settle!: { resolve: () => void; reject: (err: unknown) => void };

  constructor() {
    this.done = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
    // Whoever starts the server awaits `done`; an instance nobody awaits must not end the process over it.
    this.done.catch(() => undefined);
  }

  /** Runs the start-up's steps in the background; `at` names each as it begins. */
  run(steps: (at: (step: string) => void) => Promise<void>): void {
    steps((step) => (this.step = step)).then(
      () => {
        this.step = 'ready';
        this.apiReady = true;
        this.settle.resolve();
      },
      (err: unknown) => this.settle.reject(err),
    );
  }
}

/** Start-up did not finish within STARTUP_TIMEOUT_MS: the message names the step it was at and the setting. */
export class StartupTimeoutError extends Error {
  constructor(step: string, timeoutMs: number) {
    super(
      `Start-up did not finish within ${timeoutMs / 1000} s: it was still ${step}. ` +
        `Check that the database answers (DATABASE_URL, or the embedded database's folder in DATA_DIR), or allow more time with STARTUP_TIMEOUT_MS.`,
    );
    this.name = 'StartupTimeoutError';
  }
}

/** Resolves when start-up is done; rejects with a StartupTimeoutError past `timeoutMs` (0: never). */
export async function startedWithin(startup: Startup, timeoutMs: number): Promise<void> {
  if (timeoutMs <= 0) return startup.done;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StartupTimeoutError(startup.step, timeoutMs)), timeoutMs);
  });
  try {
    await Promise.race([startup.done, late]);
  } finally {
    clearTimeout(timer);
  }
}
