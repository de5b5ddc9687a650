import { parseArgs } from 'node:util';
import type { Io } from '../io.js';
import { loadOptional } from '../optional.js';

export const SERVE_HELP = `Usage: distill serve [--port N] [--host H] [--keys-file F] [--no-auth] [search and scrape options]

Serves the /v2 HTTP API of ../shared/spec/interface-spec.md: parse, search, scrape, health.
Keys come from DISTILL_API_KEYS (comma-separated) and a keys file (--keys-file or
DISTILL_KEYS_FILE); every route but /v2/health and artifact links needs
"Authorization: Bearer <key>". --no-auth serves without keys, on loopback only.

  --port N              port (default 3002)
  --host H              address to bind (default 127.0.0.1)
  --keys-file F         JSON or one-key-per-line file of API keys
  --no-auth             no keys (loopback only)
  --no-ui               no inspector page at GET / (a page to drop a file on and see the
                        inspector for it; the page is public, its requests need a key)

Search (the first one given answers; without any, /v2/search says how to configure one):
  --index DIR           a local index built with \`distill index <folder> --index DIR\` (DISTILL_INDEX)
  --searxng-url URL     a SearXNG instance (DISTILL_SEARXNG_URL)
  --brave-api-key KEY   Brave Search API (DISTILL_BRAVE_API_KEY)
  --catalogue FILE      tool catalogue JSON for the catalogue source (DISTILL_CATALOGUE)

Scrape:
  --allow-private-urls  let scrape fetch loopback and private addresses (DISTILL_ALLOW_PRIVATE_URLS=1)
  --public-url URL      the URL clients reach this server at, for screenshot and PDF links
                        (DISTILL_PUBLIC_URL; default the address it listens on)
  --data-dir DIR        artifacts (kept 24 h), scrape cache, browser profiles and, without --redis,
                        state.sqlite: credits, rate-limit windows and key records (DISTILL_DATA_DIR)
  --threat-classifier-url URL  a URL-risk service for threatProtection mode normal: POST {"url"},
                        answer {"score": 0..100}; +2 credits per URL scanned
                        (DISTILL_THREAT_CLASSIFIER_URL; key in DISTILL_THREAT_CLASSIFIER_API_KEY)

State (credits spent per key, rate-limit windows, key records) survives a restart:
  --redis URL           keep it in Redis instead, shared by every instance given the same URL
                        (redis://[user:pass@]host:port[/db]; DISTILL_REDIS_URL)

Crawl, batch scrape and map (/v2/crawl, /v2/batch/scrape, /v2/map):
  --queue URL           redis://host:port[/db][/name]: jobs, frontier and results in Redis, pages
                        processed by \`distill worker --queue URL\` processes (DISTILL_QUEUE);
                        default: in this process, no Redis needed
  --webhook-secret S    sign webhook payloads (X-Firecrawl-Signature: sha256=HMAC); webhooks are
                        refused without it (DISTILL_WEBHOOK_SECRET)
  --crawl-max-pages N   pages per job at most (default 10000); a request's limit is capped here
  --crawl-max-depth N   link hops at most (default 25)
  --crawl-max-mb N      stored result size per job, MB (default 512)
  --crawl-max-minutes N wall time per job (default 120)
  --crawl-max-frontier N  URLs queued and not yet done per job (default 100000)
  --crawl-per-host N    requests in flight per host (default 16); with --queue, over all the
                        workers together (leases in Redis)

A model, optional (json format, model summaries, onlyCleanContent, changeTracking json):
  --llm-url URL         an OpenAI-compatible chat-completions endpoint, e.g. http://127.0.0.1:8080/v1
                        (DISTILL_LLM_URL; llama.cpp server, Ollama, vLLM and hosted services speak it)
  --llm-model NAME      the model it serves (DISTILL_LLM_MODEL); key in DISTILL_LLM_API_KEY

Operations:
  --metrics             serve Prometheus metrics at GET /metrics (loopback only without a key)
  --metrics-key KEY     bearer key for /metrics (DISTILL_METRICS_KEY); implies --metrics

GET /v2/health lists which operations are live and with which provider; GET /v2/openapi.json
describes the API (OpenAPI 3.1).`;

export async function serveCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      'keys-file': { type: 'string' },
      'no-auth': { type: 'boolean' },
      'no-ui': { type: 'boolean' },
      index: { type: 'string' },
      'searxng-url': { type: 'string' },
      'brave-api-key': { type: 'string' },
      catalogue: { type: 'string' },
      'allow-private-urls': { type: 'boolean' },
      'public-url': { type: 'string' },
      'data-dir': { type: 'string' },
      redis: { type: 'string' },
      'llm-url': { type: 'string' },
      'llm-model': { type: 'string' },
      'threat-classifier-url': { type: 'string' },
      metrics: { type: 'boolean' },
      'metrics-key': { type: 'string' },
      queue: { type: 'string' },
      'webhook-secret': { type: 'string' },
      'crawl-max-pages': { type: 'string' },
      'crawl-max-depth': { type: 'string' },
      'crawl-max-mb': { type: 'string' },
      'crawl-max-minutes': { type: 'string' },
      'crawl-max-frontier': { type: 'string' },
      'crawl-per-host': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(`${SERVE_HELP}\n`);
    return 0;
  }
  // The server (fastify) loads only for this command.
  const { serve } = await loadOptional(() => import('@distill/server'), '@distill/server', 'distill serve');
  try {
    const num = (name: string, v: string | undefined, scale = 1): number | undefined => {
      if (v === undefined) return undefined;
      const n = Number(v);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got ${v}`);
      return n * scale;
    };
    const limits = {
      maxPages: num('crawl-max-pages', values['crawl-max-pages']),
      maxDepth: num('crawl-max-depth', values['crawl-max-depth']),
      maxBytes: num('crawl-max-mb', values['crawl-max-mb'], 1024 * 1024),
      maxWallMs: num('crawl-max-minutes', values['crawl-max-minutes'], 60_000),
      maxFrontier: num('crawl-max-frontier', values['crawl-max-frontier']),
      perHostConcurrency: num('crawl-per-host', values['crawl-per-host']),
    };
    const server = await serve({
      crawl: {
        ...(values.queue ? { queue: values.queue } : {}),
        ...(values['webhook-secret'] ? { webhookSecret: values['webhook-secret'] } : {}),
        limits: Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)),
      },
      port: values.port,
      host: values.host,
      keysFile: values['keys-file'],
      noAuth: values['no-auth'],
      publicUrl: values['public-url'],
      dataDir: values['data-dir'],
      redis: values.redis,
      metrics: values.metrics === true,
      metricsKey: values['metrics-key'],
      ...(values['no-ui'] ? { config: { ui: false } } : {}),
      engine: {
        index: values.index,
        searxngUrl: values['searxng-url'],
        braveApiKey: values['brave-api-key'],
        catalogue: values.catalogue,
        llmUrl: values['llm-url'],
        llmModel: values['llm-model'],
        threatClassifierUrl: values['threat-classifier-url'],
        ...(values['allow-private-urls'] ? { allowPrivateUrls: true } : {}),
      },
    });
    io.err(`distill serve: listening on ${server.url}/v2\n`);
    if (!values['no-ui']) io.err(`distill serve: inspector at ${server.url}/\n`);
  } catch (e) {
    io.err(`distill serve: ${(e as Error).message}\n`);
    return 1;
  }
  // Runs until SIGINT/SIGTERM, which the server handles (in-flight requests finish first).
  return new Promise<number>(() => {});
}
