import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type ServerConfig } from '@/server/config';
import { buildServer } from '@/server/app';
import { buildAppIfStale, distDir } from '@/server/buildApp';

/** Debian's Chromium (never a downloaded browser), with the flags this machine needs. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');

/** The flags Chromium needs on this machine (also for a persistent profile, as bench:mirror launches). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Chromium with the flags above, and `extraArgs` (a test's own switches). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * A cheap Android phone's Chrome: 360 px wide, touch, and a mobile user agent, so the browser says
 * `Sec-CH-UA-Mobile: ?1` as a real phone does (a desktop browser in a narrow window says `?0`).
 */
export const ANDROID_PHONE = {
  viewport: { width: 360, height: 780 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
};

export interface AppServer {
  url: string;
  app: FastifyInstance;
  /** The server's DATA_DIR (its mail outbox, media). */
  dataDir: string;
  close(): Promise<void>;
}

export interface AppServerOptions {
  /** An administrator the server creates on start, as ADMIN_EMAIL / ADMIN_PASSWORD do. */
  admin?: { email: string; password: string };
  /** Sign-ups allowed per address and window, for files that make more accounts than a person would. */
  signupLimit?: number;
  /** Environment the server reads (payment providers' keys, say); asked for when the server starts. */
  env?: () => NodeJS.ProcessEnv;
  /** A copy of the build to serve instead of the build itself (a file that changes a deployed version, say). */
  appDir?: string;
  /** Settings over the loaded configuration (pushes to a local push service over http, say). */
  config?: Partial<ServerConfig>;
}

/** The real server with the built app and sample data, on a free port, with its own data folder. */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  buildAppIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motokari-e2e-'));
  const config = loadConfig(options.env?.() ?? {}, {
    dataDir,
    inMemory: true,
    seed: true,
    logLevel: 'silent',
    jwtSecret: 'e2e-secret',
    host: '127.0.0.1',
    port: 0,
    ...(options.admin && { adminEmail: options.admin.email, adminPassword: options.admin.password }),
    ...options.config,
  });
  if (options.signupLimit) config.rateLimits = { ...config.rateLimits, signup: options.signupLimit };
  const app = await buildServer(config, { appDir: options.appDir ?? distDir, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    url: `http://localhost:${port}`,
    app,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
