import type { KeyRecord } from '../auth/keys.js';
import type { Hold } from '../limits/ledger.js';

/** What the server tracks for one request, from its first byte to its log line. */
export interface RequestState {
  id: string;
  key?: KeyRecord;
  /** Credits held for a charged route, settled by its charge or released when it ends. */
  hold?: Hold;
  /** Set once the request says so (parse options, search enterprise zdr, scrape lockdown). */
  zeroDataRetention: boolean;
  /** Aborted on the request deadline, a client disconnect, or a shutdown cut. */
  controller: AbortController;
  timer?: NodeJS.Timeout;
  /** The body may still be arriving (a timeout or refusal mid-upload): close, don't reuse. */
  closeConnection: boolean;
  /** Extra fields for the log line, dropped under zero data retention. */
  logFields: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    distill: RequestState;
  }
}
