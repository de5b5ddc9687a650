import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServedArtifactStore } from './artifacts/store.js';
import { keysFromEnv } from './auth/keys.js';
import type { ServerConfig } from './config.js';
import type { CrawlEngineOptions } from './crawl/engine.js';
import { createServer, type DistillServer } from './server.js';
import { type EngineServicesOptions, engineServices } from './services/engine.js';

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
  /** Folder for artifacts, the scrape cache and browser profiles (`--data-dir`, DISTILL_DATA_DIR). */
  dataDir?: string;
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
  // Search and scrape are part of what `distill serve` serves; each loads on its first request.
  const dataDir = opts.dataDir ?? (env.DISTILL_DATA_DIR || join(tmpdir(), 'distill-serve'));
  const artifacts =
    opts.config?.artifacts ??
    new ServedArtifactStore(
      join(dataDir, 'artifacts'),
      undefined,
      opts.publicUrl ?? (env.DISTILL_PUBLIC_URL || undefined),
    );
  const engine = opts.config?.services
    ? undefined
    : engineServices({ ...opts.engine, env, artifacts, dataDir });
  const server = createServer({
    ...opts.config,
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
