import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { DistillError, defaultRegistry } from 'distill';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { bearerToken, type KeyRecord, KeyStore, readKeysFile } from './auth/keys.js';
import { DEFAULTS, isLoopback, type ServerConfig } from './config.js';
import { limitsOf, type ResolvedConfig, type ServerContext } from './context.js';
import { Drain } from './http/drain.js';
import { asCatalogueError } from './http/errors.js';
import type { RequestState } from './http/state.js';
import { ConcurrencyGate } from './limits/concurrency.js';
import { CreditLedger } from './limits/ledger.js';
import { RateLimiter } from './limits/rate-limiter.js';
import { metricsRoutes, ServerMetrics } from './metrics.js';
import { ParsePool } from './parse-pool.js';
import { artifactRoutes } from './routes/artifacts.js';
import { crawlRoutes } from './routes/crawl.js';
import { healthRoutes, openApiRoutes } from './routes/health.js';
import { parseRoutes } from './routes/parse.js';
import { scrapeRoutes } from './routes/scrape.js';
import { searchRoutes } from './routes/search.js';
import { isUiShell, uiRoutes } from './routes/ui.js';
import { usageRoutes } from './routes/usage.js';
import { MemoryState } from './state/memory.js';

export interface DistillServer {
  app: FastifyInstance;
  /** Listens on the configured host and port; resolves with the base URL (without `/v2`). */
  start(): Promise<{ url: string; host: string; port: number }>;
  /**
   * Drains, then closes: new requests are answered 503 with Retry-After while the requests and
   * jobs in flight finish (up to shutdownTimeoutMs, then they are cut), then the server stops
   * listening and closes its parse workers and state store.
   */
  close(): Promise<void>;
  readonly config: ResolvedConfig;
  /** Jobs running and waiting server-wide. */
  stats(): { running: number; waiting: number };
}

/** Request ids taken from callers: short tokens of safe characters, nothing a log could misread. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Routes that cost credits: they hold some of the key's budget from admission until they settle. */
const CHARGED = new Set([
  'POST /v2/parse',
  'POST /v2/search',
  'POST /v2/scrape',
  'GET /v2/search/research/papers',
  'GET /v2/search/research/papers/:id',
  'GET /v2/search/research/papers/:id/similar',
]);

/** How long a refused upload's remaining body is read and discarded before the socket is cut. */
const DRAIN_LINGER_MS = 5_000;

function resolveConfig(config: ServerConfig): ResolvedConfig {
  const limits = config.limits ?? {};
  return {
    port: config.port ?? DEFAULTS.port,
    host: config.host ?? DEFAULTS.host,
    noAuth: config.noAuth === true,
    limits: {
      ...limits,
      maxConcurrent: limits.maxConcurrent ?? DEFAULTS.maxConcurrent,
      maxQueued: limits.maxQueued ?? DEFAULTS.maxQueued,
    },
    maxConcurrentJobs: config.maxConcurrentJobs ?? DEFAULTS.maxConcurrentJobs,
    maxQueuedJobs: config.maxQueuedJobs ?? DEFAULTS.maxQueuedJobs,
    maxFileBytes: config.maxFileBytes ?? DEFAULTS.maxFileBytes,
    maxJsonBytes: config.maxJsonBytes ?? DEFAULTS.maxJsonBytes,
    uploadTimeoutMs: config.uploadTimeoutMs ?? DEFAULTS.uploadTimeoutMs,
    headersTimeoutMs: config.headersTimeoutMs ?? DEFAULTS.headersTimeoutMs,
    requestTimeoutMs: config.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
    shutdownTimeoutMs: config.shutdownTimeoutMs ?? DEFAULTS.shutdownTimeoutMs,
    logger: config.logger,
  };
}

/** Writes a catalogue error on a socket fastify never turned into a request (bad headers, header timeout). */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const e =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new DistillError('REQUEST_TIMEOUT')
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? new DistillError('BAD_REQUEST', 'Bad Request: request headers too large')
        : new DistillError('BAD_REQUEST', 'Bad Request: malformed HTTP request');
  const body = JSON.stringify({ ...e.toBody(), id: randomUUID() });
  socket.end(
    `HTTP/1.1 ${e.status} ${e.status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

const envNumber = (name: string): number | undefined => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : undefined;
};

/** Worker threads for parsing, unless turned off or a custom registry must parse in this thread. */
function makeParsePool(config: ServerConfig, maxJobs: number): ParsePool | undefined {
  const iso = config.isolateParsing ?? config.registry === undefined;
  if (iso === false) return undefined;
  const o = typeof iso === 'object' ? iso : {};
  return new ParsePool({
    size: o.workers ?? envNumber('DISTILL_PARSE_WORKERS') ?? Math.min(maxJobs, 4),
    maxHeapMb: o.maxHeapMb ?? envNumber('DISTILL_PARSE_HEAP_MB'),
    recycleHeapMb: envNumber('DISTILL_PARSE_RECYCLE_MB'),
    idleMs: envNumber('DISTILL_PARSE_IDLE_MS'),
  });
}

/**
 * The server's shared state from its configuration: keys, the state store, limits, ledger,
 * parse pool and metrics. Throws when the configuration is unsafe.
 */
function buildContext(config: ServerConfig, cfg: ResolvedConfig): ServerContext {
  const keyList = [...(config.apiKeys ?? []), ...(config.keysFile ? readKeysFile(config.keysFile) : [])];
  const keys = new KeyStore(keyList, config.defaultFeatures ?? []);
  if (cfg.noAuth && !isLoopback(cfg.host)) {
    throw new Error(`--no-auth only binds to loopback (127.0.0.1 or ::1), not ${cfg.host}`);
  }
  if (!cfg.noAuth && keys.size === 0) {
    throw new Error('No API keys: set DISTILL_API_KEYS, give a keys file, or run with --no-auth on loopback');
  }
  const anonymous: KeyRecord = {
    id: 'anonymous',
    name: 'anonymous',
    features: config.defaultFeatures ?? [],
    digest: Buffer.alloc(32),
  };
  const state = config.state ?? new MemoryState();
  if (config.crawl?.queue && state.kind !== 'redis')
    // Queue workers hold and settle each crawl page on the ledger, so it must be one they reach.
    throw new Error(
      `--queue needs the credits in Redis, where the workers charge crawl pages; the state store is ${state.kind} (give --redis, or leave it out to use the queue's Redis)`,
    );
  const ctx: ServerContext = {
    config: cfg,
    keys,
    anonymous,
    state,
    rate: new RateLimiter(state),
    gate: new ConcurrencyGate(cfg.maxConcurrentJobs, cfg.maxQueuedJobs),
    // A hold outlives any request's deadline, so only a dead process's holds ever lapse.
    ledger: new CreditLedger(state, cfg.requestTimeoutMs + 60_000),
    registry: config.registry ?? defaultRegistry,
    parsePool: makeParsePool(config, cfg.maxConcurrentJobs),
    services: config.services ?? {},
    artifacts: config.artifacts,
    drain: new Drain(),
  };
  if (config.metrics) {
    if (config.metrics.key === undefined && !isLoopback(cfg.host))
      throw new Error(
        '--metrics without --metrics-key only serves on loopback; give a metrics key to bind elsewhere',
      );
    const gate = ctx.gate;
    ctx.metrics = new ServerMetrics(() => gate.stats());
  }

  return ctx;
}

/** Fastify's logger settings from ours: off, info, or a level and a stream. */
function loggerOptions(cfg: ResolvedConfig) {
  return cfg.logger === false || cfg.logger === undefined
    ? cfg.logger === false
      ? false
      : { level: 'info' }
    : cfg.logger === true
      ? { level: 'info' }
      : { level: cfg.logger.level ?? 'info', ...(cfg.logger.stream ? { stream: cfg.logger.stream } : {}) };
}

/**
 * What every request passes through: its state and id, the drain, its deadline, the key, the
 * rate limit and the credit hold (onRequest); the log line and metrics (onResponse); catalogue
 * errors for everything that fails.
 */
function installHooks(app: FastifyInstance, ctx: ServerContext, config: ServerConfig): void {
  const cfg = ctx.config;
  const { keys, anonymous } = ctx;
  app.decorateRequest('distill', null as unknown as RequestState);

  app.addHook('onRequest', async (req, reply) => {
    const st: RequestState = {
      id: req.id,
      zeroDataRetention: false,
      controller: new AbortController(),
      closeConnection: false,
      logFields: {},
    };
    req.distill = st;
    reply.header('x-request-id', st.id);
    // A shutdown waits for this request; past its deadline it aborts it.
    const end = ctx.drain.begin(() =>
      st.controller.abort(
        new DistillError('SERVICE_UNAVAILABLE', 'Service Unavailable: the server shut down', {
          retryAfter: 5,
        }),
      ),
    );
    reply.raw.once('close', () => {
      // Credits held for a request that never charged (an error, a disconnect) go back.
      if (st.hold) ctx.ledger.release(st.hold).catch((e) => req.log.warn({ err: e }, 'hold not released'));
      end();
    });
    if (ctx.drain.closing) {
      st.closeConnection = true;
      throw new DistillError('SERVICE_UNAVAILABLE', 'Service Unavailable: the server is shutting down', {
        retryAfter: 5,
      });
    }
    st.timer = setTimeout(
      () =>
        st.controller.abort(
          new DistillError(
            'REQUEST_TIMEOUT',
            `Request Timeout: the request took longer than ${cfg.requestTimeoutMs} ms`,
          ),
        ),
      cfg.requestTimeoutMs,
    );
    // A client that goes away cancels its queued or running job.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished)
        st.controller.abort(new DistillError('REQUEST_TIMEOUT', 'Request Timeout: the client went away'));
    });
    if (req.url === '/v2/health' || req.url.startsWith('/v2/health?') || req.url === '/v2/openapi.json')
      return;
    // The inspector's page holds no data; what it sends carries the key.
    if (config.ui !== false && isUiShell(req)) return;
    // Artifact URLs are capabilities (unguessable, expiring), handed on like signed URLs.
    if (req.method === 'GET' && req.url.startsWith('/v2/artifacts/')) return;
    // /metrics checks its own key (a scraper's, not an API caller's).
    if (req.method === 'GET' && (req.url === '/metrics' || req.url.startsWith('/metrics?'))) return;

    let key: KeyRecord | undefined;
    if (cfg.noAuth) key = anonymous;
    else {
      const token = bearerToken(req.headers.authorization);
      key = token === undefined ? undefined : keys.find(token);
    }
    // One answer for a missing, malformed or unknown key: nothing says which keys exist.
    if (!key) throw new DistillError('UNAUTHORIZED');
    st.key = key;
    st.logFields.key = key.name;
    const limits = limitsOf(ctx, key);
    const wait = await ctx.rate.hit(key.id, limits.rateLimitPerMinute);
    if (wait > 0) throw new DistillError('RATE_LIMIT_EXCEEDED', undefined, { retryAfter: wait });
    if (CHARGED.has(`${req.method} ${req.routeOptions.url ?? ''}`)) {
      // Held atomically in the store, so requests arriving together (here or on another
      // instance) cannot all pass a check that only one of them can afford.
      const hold = await ctx.ledger.reserve(key.id, limits.credits);
      if (!hold) throw new DistillError('PAYMENT_REQUIRED');
      st.hold = hold;
    }
  });

  app.addHook('onResponse', async (req, reply) => {
    const st = req.distill;
    if (!st) return;
    clearTimeout(st.timer);
    // A refused upload may still be arriving: read and discard it for a short while so the
    // client sees our answer, then cut the socket if it keeps sending.
    if (!req.raw.complete && !st.closeConnection && !req.raw.destroyed) {
      const socket = req.raw.socket;
      const cut = setTimeout(() => socket.destroy(), DRAIN_LINGER_MS);
      cut.unref();
      req.raw.once('end', () => clearTimeout(cut));
      req.raw.resume();
    }
    const route = req.routeOptions.url ?? 'unknown';
    ctx.metrics?.requests.inc({ route, method: req.method, status: String(reply.statusCode) });
    ctx.metrics?.latency.observe({ route, method: req.method }, reply.elapsedTime / 1000);
    const line: Record<string, unknown> = { status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    // Under zero data retention the log holds status and timing only.
    if (!st.zeroDataRetention) {
      Object.assign(line, { method: req.method, route: req.routeOptions.url ?? 'unknown' }, st.logFields);
    }
    req.log.info(line, 'request');
  });

  app.setErrorHandler((err, req, reply) => {
    const e = asCatalogueError(err);
    const st = req.distill;
    if (e.status >= 500 && e.code !== 'SERVICE_UNAVAILABLE') {
      if (st?.zeroDataRetention) req.log.error({ code: e.code }, 'request failed');
      else req.log.error({ err }, 'request failed');
    }
    ctx.metrics?.errors.inc({ code: e.code });
    if (e.retryAfter !== undefined) reply.header('retry-after', String(e.retryAfter));
    if (st && (st.closeConnection || e.code === 'REQUEST_TIMEOUT')) {
      st.closeConnection = true;
      reply.header('connection', 'close');
    }
    // The body is the catalogue entry: message and code, never a stack or an internal message.
    reply.code(e.status).send({ ...e.toBody(), id: st?.id ?? req.id });
  });

  app.setNotFoundHandler(async (req) => {
    throw new DistillError('NOT_FOUND', `Not Found: no route for ${req.method} ${req.url.split('?')[0]}`);
  });
}

/** The routes, each in its own scope. */
function registerRoutes(app: FastifyInstance, ctx: ServerContext, config: ServerConfig): void {
  app.register(async (scope) => healthRoutes(scope, ctx));
  app.register(async (scope) => artifactRoutes(scope, ctx));
  app.register(openApiRoutes);
  app.register(async (scope) => metricsRoutes(scope, ctx, config.metrics?.key));
  app.register(async (scope) => parseRoutes(scope, ctx));
  app.register(async (scope) => searchRoutes(scope, ctx));
  app.register(async (scope) => scrapeRoutes(scope, ctx));
  if (config.ui !== false) app.register(async (scope) => uiRoutes(scope, ctx));
  app.register(async (scope) => usageRoutes(scope, ctx));
  app.register(async (scope) => crawlRoutes(scope, ctx, config.crawl));
}

/**
 * Builds the `/v2` HTTP API. Throws at once when the configuration is unsafe: no keys without
 * `noAuth`, or `noAuth` on an interface other than loopback.
 */
export function createServer(config: ServerConfig = {}): DistillServer {
  const cfg = resolveConfig(config);
  const ctx = buildContext(config, cfg);
  const { keys, anonymous, state } = ctx;
  const logger = loggerOptions(cfg);
  const app = Fastify({
    logger,
    bodyLimit: cfg.maxJsonBytes,
    // A caller's own X-Request-Id is kept (and echoed) when it is a sane token, so its logs and
    // ours join up; anything else gets a fresh id.
    genReqId: (req) => {
      const h = req.headers['x-request-id'];
      return typeof h === 'string' && SANE_REQUEST_ID.test(h) ? h : randomUUID();
    },
    requestIdHeader: false,
    // Fastify would log each request's URL and headers; we log one line with status and timing.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'id' }),
    return503OnClosing: false,
    // Node's own deadline is a backstop behind ours (which answer in JSON first).
    requestTimeout: cfg.requestTimeoutMs + 30_000,
    http: {
      headersTimeout: cfg.headersTimeoutMs,
      // Node enforces the header deadline on this tick; keep it fine enough to matter.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(cfg.headersTimeoutMs / 2))),
    },
    clientErrorHandler,
  });

  installHooks(app, ctx, config);
  registerRoutes(app, ctx, config);

  let closed: Promise<void> | undefined;
  return {
    app,
    config: cfg,
    stats: () => ctx.gate.stats(),
    async start() {
      await state.recordKeys(
        [...keys.records, ...(cfg.noAuth ? [anonymous] : [])].map((k) => ({
          id: k.id,
          name: k.name,
          credits: limitsOf(ctx, k).credits,
        })),
      );
      await app.listen({ port: cfg.port, host: cfg.host });
      ctx.parsePool?.warm();
      const addr = app.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : cfg.port;
      const host = cfg.host.includes(':') ? `[${cfg.host}]` : cfg.host;
      const url = `http://${host}:${port}`;
      ctx.artifacts?.setBaseUrl(url);
      return { url, host: cfg.host, port };
    },
    close() {
      closed ??= (async () => {
        // One drain: while the requests and jobs in flight finish, the server still listens
        // and answers new requests 503 with Retry-After (a client or load balancer moves on at
        // once instead of meeting a refused connection); past the deadline they are cut.
        await ctx.drain.finish(cfg.shutdownTimeoutMs);
        // Connections still open after that (a client that never reads its answer) are cut
        // rather than holding the process.
        const cut = setTimeout(() => app.server.closeAllConnections(), 5_000);
        cut.unref();
        try {
          await app.close();
        } finally {
          clearTimeout(cut);
          await ctx.parsePool?.close();
          await state.close();
        }
      })();
      return closed;
    },
  };
}
