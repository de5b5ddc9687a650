import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import {
  type DistillError,
  emitResult,
  type ParseOptions,
  parseToDoc,
  toParseError,
} from 'distill/internals';
import { upFrontPages } from './parse-cost.js';

/**
 * The parse worker thread: one document at a time, with its own heap (the pool gives it
 * `resourceLimits`), so a document that would exhaust memory ends this thread, not the server.
 * Importing `distill/internals` registers every parser of the build with this thread's registry.
 */
export interface ParseJob {
  bytes: Uint8Array;
  filename?: string;
  contentType?: string;
  options: ParseOptions;
  maxBytes: number;
  /** Images as files (the `images` format): the artifact folder, its URL prefix and a salt. */
  imageFiles?: { dir: string; linkPrefix: string; salt: string };
  /**
   * Price first: when the document's cost can be read before parsing it (a PDF's pages), the
   * thread posts `{pages}` and waits for `{go}` before it parses (`go: false`: the request was
   * refused, nothing is parsed and the thread takes the next job).
   */
  priceFirst?: boolean;
}

/** The pool's answer to a `{pages}` message. */
export interface GoAhead {
  go: boolean;
}

export type ParseReply =
  | { ok: true; data: ReturnType<typeof emitResult>; format: string; heapMb: number }
  | { ok: false; code: DistillError['code']; message: string; details?: unknown; heapMb: number }
  | { pages: number };

/** The heap this thread holds from the OS now (what a big document left it with). */
const heapMb = () => Math.round(getHeapStatistics().total_heap_size / (1024 * 1024));

/** Resolved by the pool's `{go}` for the job waiting on its price. */
let waiting: ((go: boolean) => void) | undefined;

parentPort?.on('message', async (msg: ParseJob | GoAhead) => {
  if ('go' in msg) {
    waiting?.(msg.go);
    waiting = undefined;
    return;
  }
  const job = msg;
  if (job.priceFirst) {
    const pages = await upFrontPages(job, job.options);
    if (pages !== undefined) {
      const go = new Promise<boolean>((r) => {
        waiting = r;
      });
      parentPort?.postMessage({ pages } satisfies ParseReply);
      if (!(await go)) return;
    }
  }
  let reply: Exclude<ParseReply, { pages: number }>;
  try {
    const parsed = await parseToDoc(
      { data: job.bytes, filename: job.filename, contentType: job.contentType },
      job.options,
      { maxBytes: job.maxBytes, ...(job.imageFiles ? { imageFiles: job.imageFiles } : {}) },
    );
    reply = { ok: true, data: emitResult(parsed), format: parsed.format, heapMb: 0 };
  } catch (e) {
    const err = toParseError(e);
    reply = { ok: false, code: err.code, message: err.message, details: err.details, heapMb: 0 };
  }
  reply.heapMb = heapMb();
  parentPort?.postMessage(reply);
});
