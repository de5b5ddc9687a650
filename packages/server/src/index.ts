export type { ApiKeyConfig, Feature, KeyLimits, LoggerConfig, ServerConfig } from './config.js';
export { DEFAULTS, FEATURES } from './config.js';
export type { CrawlEngineOptions } from './crawl/engine.js';
export { type CrawlLimits, DEFAULT_CRAWL_LIMITS } from './crawl/limits.js';
export { type CrawlWorkerHandle, type CrawlWorkerOptions, startCrawlWorker } from './crawl/queue-engine.js';
export { SIGNATURE_HEADER, signBody } from './crawl/webhooks.js';
export { priceUsage, searchRatePer10 } from './limits/credits.js';
export { type ServeOptions, serve } from './serve.js';
export { createServer, type DistillServer } from './server.js';
export { type EngineServices, type EngineServicesOptions, engineServices } from './services/engine.js';
export type {
  JobContext,
  ScrapeOutcome,
  ScrapeService,
  SearchOutcome,
  SearchService,
  Usage,
} from './services.js';
