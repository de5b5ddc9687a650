import { ERROR_CATALOGUE, type ErrorCode } from './catalogue.js';

export interface ErrorBody {
  success: false;
  error: string;
  code?: string;
  details?: unknown;
}

/**
 * Marks a DistillError from any copy of this module. An optional package loaded through
 * `require` (@distill/ocr, found with createRequire) brings the CommonJS build of core beside
 * the ESM one the rest of the process uses: two DistillError classes. Without the mark, an
 * error of the one was not `instanceof` the other, and a missing OCR language reached the
 * command line as UNKNOWN_ERROR instead of MISSING_DEPENDENCY naming the package to add.
 */
const BRAND = Symbol.for('distill.DistillError');

/** The one error class the engine throws; its code indexes the catalogue. */
export class DistillError extends Error {
  /** `instanceof` holds for DistillErrors of every copy of core loaded in the process. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }

  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean;
  readonly details?: unknown;
  /** Seconds a client should wait before retrying (429, 503). */
  readonly retryAfter?: number;

  constructor(
    code: ErrorCode,
    message?: string,
    extra: { details?: unknown; cause?: unknown; retryAfter?: number } = {},
  ) {
    const entry = ERROR_CATALOGUE[code];
    super(message ?? entry.message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'DistillError';
    this.code = code;
    this.status = entry.status;
    this.retryable = entry.retryable;
    this.details = extra.details;
    this.retryAfter = extra.retryAfter;
    Object.defineProperty(this, BRAND, { value: true });
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { success: false, error: this.message, code: this.code };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

export const isDistillError = (e: unknown): e is DistillError => e instanceof DistillError;

/**
 * Turns anything thrown into a catalogue error. Aborts become timeouts; allocation failures and
 * stack overflows from hostile input become corrupt-file errors rather than crashes.
 */
export function toDistillError(e: unknown): DistillError {
  if (e instanceof DistillError) return e;
  if (e instanceof Error) {
    if (e.name === 'AbortError' || e.name === 'TimeoutError') {
      return new DistillError('REQUEST_TIMEOUT', undefined, { cause: e });
    }
    if (e instanceof RangeError && /call stack|Invalid array length|Invalid string length/i.test(e.message)) {
      return new DistillError(
        'FILE_CORRUPT',
        `Unprocessable Entity: the file is too deeply nested or too large to read (${e.message})`,
        { cause: e },
      );
    }
  }
  return new DistillError('UNKNOWN_ERROR', undefined, { cause: e });
}

/**
 * As toDistillError, for failures while reading a document: a RangeError (a read past the end
 * of a buffer, a length that cannot be allocated) or a SyntaxError thrown by a reader on bytes
 * it did not expect is reported as a corrupt file (FILE_CORRUPT, naming the reader's message).
 * A TypeError stays UNKNOWN_ERROR (500): it is a bug of ours, and the fuzzer counts it as one.
 */
export function toParseError(e: unknown): DistillError {
  if (e instanceof DistillError) return e;
  if (
    e instanceof Error &&
    !(e.name === 'AbortError' || e.name === 'TimeoutError') &&
    (e instanceof RangeError || e instanceof SyntaxError)
  ) {
    if (/call stack|Invalid array length|Invalid string length/i.test(e.message)) return toDistillError(e);
    return new DistillError(
      'FILE_CORRUPT',
      `Unprocessable Entity: the file is corrupt or truncated (${e.name}: ${e.message})`,
      { cause: e },
    );
  }
  return toDistillError(e);
}
