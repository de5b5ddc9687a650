import { parentPort } from 'node:worker_threads';
import {
  type DistillError,
  emitResult,
  type ParseOptions,
  parseToDoc,
  toParseError,
} from 'distill/internals';

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
}

export type ParseReply =
  | { ok: true; data: ReturnType<typeof emitResult>; format: string }
  | { ok: false; code: DistillError['code']; message: string; details?: unknown };

parentPort?.on('message', async (job: ParseJob) => {
  let reply: ParseReply;
  try {
    const parsed = await parseToDoc(
      { data: job.bytes, filename: job.filename, contentType: job.contentType },
      job.options,
      { maxBytes: job.maxBytes },
    );
    reply = { ok: true, data: emitResult(parsed), format: parsed.format };
  } catch (e) {
    const err = toParseError(e);
    reply = { ok: false, code: err.code, message: err.message, details: err.details };
  }
  parentPort?.postMessage(reply);
});
