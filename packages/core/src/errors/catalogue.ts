/**
 * The error catalogue of the interface specification, as data. Every failure the engine,
 * CLI or server reports is one of these codes; the server maps them to responses one to one.
 * The first block transcribes the spec's table; the second names the document failures the
 * spec leaves open ("behaviour for a file over the size limit or with an unsupported
 * extension: not shown") using the nearest status of the spec's table.
 */
export interface CatalogueEntry {
  status: number;
  message: string;
  retryable: boolean;
}

export const ERROR_CATALOGUE = {
  BAD_REQUEST: { status: 400, message: 'Bad Request', retryable: false },
  INVALID_URL: { status: 400, message: 'Invalid URL', retryable: false },
  UNAUTHORIZED: { status: 401, message: 'Unauthorized: Invalid token', retryable: false },
  PAYMENT_REQUIRED: { status: 402, message: 'Payment Required: Insufficient credits', retryable: false },
  FORBIDDEN: { status: 403, message: 'Forbidden', retryable: false },
  SCRAPE_PROMPT_INJECTION_DETECTED: {
    status: 403,
    message: 'SCRAPE_PROMPT_INJECTION_DETECTED',
    retryable: false,
  },
  NOT_FOUND: { status: 404, message: 'Not Found', retryable: false },
  SCRAPE_NO_CACHED_DATA: {
    status: 404,
    message: 'No cached data for this URL (minAge set)',
    retryable: false,
  },
  SCRAPE_LOCKDOWN_CACHE_MISS: {
    status: 404,
    message: 'Lockdown: no cached copy of this page',
    retryable: false,
  },
  REQUEST_TIMEOUT: { status: 408, message: 'Request Timeout', retryable: true },
  CONFLICT: { status: 409, message: 'Conflict', retryable: false },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Payload Too Large', retryable: false },
  UNPROCESSABLE_ENTITY: { status: 422, message: 'Unprocessable Entity', retryable: false },
  RATE_LIMIT_EXCEEDED: { status: 429, message: 'Rate limit exceeded', retryable: true },
  CONCURRENCY_LIMIT_REACHED: { status: 429, message: 'Concurrency limit reached', retryable: true },
  UNKNOWN_ERROR: { status: 500, message: 'Internal Server Error', retryable: true },
  BAD_GATEWAY: { status: 502, message: 'Bad Gateway', retryable: true },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service Unavailable', retryable: true },
  GATEWAY_TIMEOUT: { status: 504, message: 'Gateway Timeout', retryable: true },

  UNSUPPORTED_FILE_TYPE: {
    status: 400,
    message: 'Unsupported file type',
    retryable: false,
  },
  UNSUPPORTED_OPTION: {
    status: 400,
    message: 'This option is not supported by this server',
    retryable: false,
  },
  FILE_TOO_LARGE: { status: 413, message: 'Payload Too Large: file over the size limit', retryable: false },
  DECOMPRESSION_LIMIT: {
    status: 413,
    message: 'Payload Too Large: the decompressed content exceeds the limit',
    retryable: false,
  },
  FILE_CORRUPT: {
    status: 422,
    message: 'Unprocessable Entity: the file is corrupt or truncated',
    retryable: false,
  },
  FILE_ENCRYPTED: {
    status: 422,
    message: 'Unprocessable Entity: the file is encrypted or password-protected',
    retryable: false,
  },
  // 501, outside the retryable set: retrying cannot help until the operator configures it.
  NOT_CONFIGURED: {
    status: 501,
    message: 'Not Implemented: this operation is not configured on this server',
    retryable: false,
  },
  MISSING_DEPENDENCY: {
    status: 500,
    message: 'A component this request needs is not installed',
    retryable: false,
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);
