import { DistillError, type ErrorCode, toDistillError } from '@distill/core';

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'RATE_LIMIT_EXCEEDED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

/**
 * Maps anything a route or fastify throws to a catalogue error. Fastify's own body errors
 * (bad JSON, wrong content type, body too large) become the catalogue entry of their status
 * with a message that says what was wrong; anything unrecognised is a 500 UNKNOWN_ERROR.
 */
export function asCatalogueError(e: unknown): DistillError {
  if (e instanceof DistillError) return e;
  const err = (e ?? {}) as { code?: string; statusCode?: number; message?: string };
  switch (err?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new DistillError('BAD_REQUEST', `Bad Request: ${err.message}`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new DistillError('BAD_REQUEST', 'Bad Request: the JSON body is empty');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new DistillError('BAD_REQUEST', 'Bad Request: send the body as application/json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new DistillError('PAYLOAD_TOO_LARGE', 'Payload Too Large: the request body is over the limit');
  }
  if (e instanceof SyntaxError && err.statusCode === 400) {
    return new DistillError('BAD_REQUEST', `Bad Request: the body is not valid JSON (${err.message})`);
  }
  const status = err?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && BY_STATUS[status]) {
    return new DistillError(BY_STATUS[status], err.message || undefined);
  }
  return toDistillError(e);
}
