import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServedArtifactStore } from './artifacts/store.js';
import { keysFromEnv } from './auth/keys.js';
import type { ServerConfig } from './config.js';
import type { CrawlEngineOptions } from './crawl/engine.js';
import { requireQueuePackages } from './crawl/queue-packages.js';
import { createServer, type DistillServer } from './server.js';
import { type EngineServicesOptions, engineServices } from './services/engine.js';
import { openState } from './state/open.js';
import { redisUrlOfQueue } from './state/redis.js';

/** Options as a CLI parser hands them over (`distill serve [--port] [--host] [--no-auth]`). */
export interface ServeOptions {
  port?: number | string;
  host?: string;
  /** `--no-auth`; commander's negated flag form `auth: false` means the same. */
  noAuth?: boolean;
  auth?: boolean;
  keysFile?: string;
  /** Where DISTILL_API_KEYS and DISTILL_KEYS_FILE are read; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Further settings (limits, logger, services). */
  config?: ServerConfig;
  /** Stop on SIGINT/SIGTERM (default true). */
  handleSignals?: boolean;
  /** Search and scrape backends (`--index`, `--searxng-url`, `--catalogue`, ...); ignored when `config.services` is given. */
  engine?: Omit<EngineServicesOptions, 'artifacts' | 'env'>;
  /** The URL clients reach the server at, for artifact links (`--public-url`, DISTILL_PUBLIC_URL); default the address it listens on. */
  publicUrl?: string;
  /**
   * Folder for artifacts, the scrape cache, browser profiles and, without `redis`, the state
   * file (`state.sqlite`: credits, rate-limit windows, key records) (`--data-dir`, DISTILL_DATA_DIR).
   */
  dataDir?: string;
  /** Keep credits, rate-limit windows and key records in Redis, shared by every instance given the same URL (`--redis`, DISTILL_REDIS_URL). */
  redis?: string;
  /** `GET /metrics` (`--metrics`), with an optional bearer key for scrapers (`--metrics-key`, DISTILL_METRICS_KEY). */
  metrics?: boolean;
  metricsKey?: string;
  /** Crawl engine settings (`--queue`, `--webhook-secret`, `--crawl-*` limits); DISTILL_WEBHOOK_SECRET is read too. */
  crawl?: CrawlEngineOptions;
}

/**
 * Starts the `/v2` API for the CLI. Keys come from DISTILL_API_KEYS (comma-separated) and a
 * keys file (`--keys-file` or DISTILL_KEYS_FILE); `--no-auth` needs no key and binds loopback.
 */
export async function serve(opts: ServeOptions = {}): Promise<DistillServer & { url: string }> {
  const env = opts.env ?? process.env;
  const noAuth = opts.noAuth === true || opts.auth === false;
  const port = opts.port === undefined ? opts.config?.port : Number(opts.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new Error(`--port must be an integer 0..65535, got ${opts.port}`);
  }
  const queue = opts.crawl?.queue ?? opts.config?.crawl?.queue ?? (env.DISTILL_QUEUE || undefined);
  if (queue) await requireQueuePackages();
  // Search and scrape are part of what `distill serve` serves; each loads on its first request.
  const dataDir = opts.dataDir ?? (env.DISTILL_DATA_DIR || join(tmpdir(), 'distill-serve'));
  const artifacts =
    opts.config?.artifacts ??
    new ServedArtifactStore(
      join(dataDir, 'artifacts'),
      undefined,
      opts.publicUrl ?? (env.DISTILL_PUBLIC_URL || undefined),
    );
  // Credits and rate limits outlive the process: in Redis when given (shared by instances),
  // else in SQLite under the data folder. An embedder's own store wins.
  const warnings: string[] = [];
  // Under the queue engine the credits live in Redis (--redis, else the queue's own), because
  // the workers hold and settle each page on the same ledger.
  const state =
    opts.config?.state ??
    (await openState({
      redis:
        opts.redis ?? (env.DISTILL_REDIS_URL || undefined) ?? (queue ? redisUrlOfQueue(queue) : undefined),
      dataDir,
      warn: (m) => warnings.push(m),
    }));
  const engine = opts.config?.services
    ? undefined
    : engineServices({ ...opts.engine, env, artifacts, dataDir });
  let server: DistillServer;
  try {
    server = createServer({
      ...opts.config,
      state,
      artifacts,
      ...(opts.metrics || opts.metricsKey || env.DISTILL_METRICS_KEY
        ? { metrics: { key: opts.metricsKey ?? (env.DISTILL_METRICS_KEY || undefined) } }
        : {}),
      crawl: {
        allowPrivateUrls: opts.engine?.allowPrivateUrls ?? env.DISTILL_ALLOW_PRIVATE_URLS === '1',
        webhookSecret: env.DISTILL_WEBHOOK_SECRET || undefined,
        queue: env.DISTILL_QUEUE || undefined,
        ...opts.config?.crawl,
        ...opts.crawl,
      },
      services: opts.config?.services ?? (engine ? { search: engine.search, scrape: engine.scrape } : {}),
      port,
      host: opts.host ?? opts.config?.host,
      noAuth,
      apiKeys: [...(opts.config?.apiKeys ?? []), ...keysFromEnv(env.DISTILL_API_KEYS)],
      keysFile: opts.keysFile ?? opts.config?.keysFile ?? (env.DISTILL_KEYS_FILE || undefined),
    });
  } catch (e) {
    await state.close();
    await engine?.close();
    throw e;
  }
  for (const w of warnings) server.app.log.warn(w);
  if (engine) server.app.addHook('onClose', async () => engine.close());
  const { url } = await server.start();
  if (opts.handleSignals !== false) {
    const stop = (signal: NodeJS.Signals) => {
      server.app.log.info({ signal }, 'shutting down');
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
  return Object.assign(server, { url });
}
