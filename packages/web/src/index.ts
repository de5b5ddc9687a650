export { type ArtifactStore, DataUrlArtifactStore, FileArtifactStore } from './artifacts.js';
export { adHosts, isAdHost } from './browser/ad-hosts.js';
export { localeFor } from './browser/location.js';
export { BrowserPool, type BrowserPoolOptions, findBrowser } from './browser/pool.js';
export { ProfileStore } from './browser/profiles.js';
export { type CacheAdapter, MemoryCache } from './cache/adapter.js';
export { defaultCacheDir, FolderCache } from './cache/folder.js';
export { RedisCache, type RedisLikeClient } from './cache/redis.js';
export { SCRAPE_HELP, scrapeCommand } from './cli/scrape-command.js';
export { closeFetchAgents } from './engines/fetch.js';
export { browserRetryReason } from './engines/needs-browser.js';
export type { PageSnapshot } from './engines/page.js';
export type { ChangeTrackingResult } from './formats/change-tracking.js';
export type { LlmProvider } from './llm.js';
export { llmFromEnv, type OpenAiCompatibleOptions, OpenAiCompatibleProvider } from './llm-openai.js';
export { splitScrapeRequest } from './request.js';
export { isPrivateAddress } from './safety/addresses.js';
export {
  countingClassifier,
  type HttpRiskClassifierOptions,
  httpRiskClassifier,
  riskClassifierFromEnv,
} from './safety/risk-service.js';
export { checkThreat, domainMatches, type RiskClassifier, type ThreatPolicy } from './safety/threat.js';
export { assertPublicHost, parseTargetUrl } from './safety/url-guard.js';
export { closeDefaultScraper, defaultScraper, Scraper, scrape } from './scraper.js';
export type {
  ScrapeDocument,
  ScrapeMetadata,
  ScrapeOptions,
  ScrapeOptionsInput,
  ScrapeRuntime,
  ScraperConfig,
} from './types.js';
