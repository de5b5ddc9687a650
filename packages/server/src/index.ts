export type { ApiKeyConfig, Feature, KeyLimits, LoggerConfig, ServerConfig } from './config.js';
export { DEFAULTS, FEATURES } from './config.js';
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
