export {
  type ClientOptions,
  DistillClient,
  type FileInput,
  type ParseResponse,
  type ScrapeResponse,
  type SearchResponse,
} from './client.js';
export { DistillApiError } from './errors.js';
export { MAX_ATTEMPTS, parseRetryAfter, RETRYABLE, retryDelayMs } from './retry.js';
