/** A non-2xx answer of the API, with the catalogue fields of its body. */
export class DistillApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly details?: unknown;
  /** The job id the server gave the failed request. */
  readonly id?: string;
  readonly retryAfter?: number;
  /** How many requests were sent before giving up. */
  readonly attempts: number;

  constructor(
    status: number,
    body: { error?: unknown; code?: unknown; details?: unknown; id?: unknown } | undefined,
    extra: { retryAfter?: number; attempts: number },
  ) {
    super(typeof body?.error === 'string' ? body.error : `Request failed with status ${status}`);
    this.name = 'DistillApiError';
    this.status = status;
    if (typeof body?.code === 'string') this.code = body.code;
    if (body?.details !== undefined) this.details = body.details;
    if (typeof body?.id === 'string') this.id = body.id;
    this.retryAfter = extra.retryAfter;
    this.attempts = extra.attempts;
  }
}
