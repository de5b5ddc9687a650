export { type CatalogueTool, type DiscoveredTool, mergeTools, ToolCatalogue } from './catalogue/catalogue.js';
export { INDEX_HELP, indexCommand } from './cli/index-command.js';
export type { Io } from './cli/io.js';
export { SEARCH_HELP, searchCommand } from './cli/search-command.js';
export { scrapeCredits, searchCredits, tallyCredits } from './credits.js';
export { highlight } from './highlights.js';
export { type BuildIndexOptions, type BuildIndexResult, buildIndex } from './local/build-index.js';
export { imageSizeOf, imageSizeOfFile } from './local/image-size.js';
export {
  INDEX_FILE,
  type IndexData,
  type IndexedDoc,
  type IndexedImage,
  type IndexStats,
} from './local/index-format.js';
export { LocalIndex, LocalIndexProvider } from './local/local-provider.js';
export { NO_SEARCH_PROVIDER } from './messages.js';
export type { PaperSignals, SimilarQuery, SimilarResult } from './papers/paper-graph.js';
export { type IdMap, primaryIdOf } from './papers/paper-ids.js';
export {
  type GetPaperResponse,
  getPaper,
  type PaperMetadata,
  type SimilarPapersResponse,
  similarPapers,
} from './papers/paper-lookup.js';
export type { Passage } from './papers/paper-read.js';
export { type PaperInfo, paperOf } from './papers/paper-record.js';
export type { PaperIndex, PaperQuery, PaperResult } from './papers/paper-search.js';
export { type PaperQueryInput, readPaperQuery, searchPapers } from './papers/search-papers.js';
export type {
  ProviderCapabilities,
  ProviderRequest,
  ProviderResponse,
  ProviderResult,
  ResultKind,
  SearchProvider,
} from './provider.js';
export { type BraveOptions, BraveProvider } from './providers/brave.js';
export { providerFromEnv } from './providers/from-env.js';
export { type SearxngOptions, SearxngProvider } from './providers/searxng.js';
export {
  applyCategory,
  type CategoryName,
  DEVELOPER_SITES,
  RESEARCH_SITES,
  researchIndexMissing,
} from './query/categories.js';
export { domainAllowed, filetypeOf, hostInDomain, matchesQuery, siteMatches } from './query/match.js';
export { formatQuery, type OperatorName, type ParsedQuery, parseQuery } from './query/operators.js';
export { parseTbs, type TimeFilter } from './query/tbs.js';
export type { ImageResult, NewsResult, SearchResponse, WebResult } from './response.js';
export { mapPool } from './scrape/pool.js';
export { DefaultResultScraper, type ResultScraper, type ScrapedContent } from './scrape/result-scraper.js';
export { type ScrapeTally, type SearchRuntime, search } from './search.js';
