import type { IncomingMessage } from 'node:http';
import { DistillError } from '@distill/core';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import { safeFilename } from './filename.js';

/** What a parse request carries once its body is read. */
export interface Upload {
  bytes: Uint8Array;
  filename?: string;
  contentType?: string;
  /** The `options` part as text, undefined when absent. */
  optionsText?: string;
}

export interface UploadLimits {
  maxFileBytes: number;
  maxOptionsBytes: number;
}

const PARTS = ['file', 'options'];
/** Room for part headers and boundaries around the file and the options. */
const MULTIPART_OVERHEAD = 64 * 1024;

export const badMultipart = (why: string): DistillError =>
  new DistillError('BAD_REQUEST', `Bad Request: invalid multipart form-data: ${why}`);

const tooLarge = (max: number): DistillError =>
  new DistillError(
    'FILE_TOO_LARGE',
    `Payload Too Large: the file is over the limit of ${max} bytes (${Math.round(max / 1024 / 1024)} MB)`,
  );

/**
 * Checks what can be checked from the headers alone, before any of the body is read: the
 * content type, and a declared length that could only hold a file over the limit.
 */
export function checkUploadHeaders(req: IncomingMessage, limits: UploadLimits): void {
  const type = req.headers['content-type'];
  if (!type || !/^multipart\/form-data\s*;/i.test(type)) {
    throw badMultipart(
      `expected Content-Type multipart/form-data with a boundary, got ${type ? JSON.stringify(type.slice(0, 100)) : 'none'}`,
    );
  }
  if (!/;\s*boundary=/i.test(type)) throw badMultipart('the Content-Type has no boundary');
  const declared = Number(req.headers['content-length']);
  if (
    Number.isFinite(declared) &&
    declared > limits.maxFileBytes + limits.maxOptionsBytes + MULTIPART_OVERHEAD
  ) {
    throw tooLarge(limits.maxFileBytes);
  }
}

/**
 * Streams a multipart body: part `file` (required) and part `options` (optional JSON text),
 * nothing else. The file is collected in memory up to the limit (never written to disk); the
 * first part over a limit, unknown, repeated or malformed stops the read at once.
 */
export function readUpload(req: IncomingMessage, limits: UploadLimits, signal: AbortSignal): Promise<Upload> {
  checkUploadHeaders(req, limits);
  return new Promise<Upload>((resolve, reject) => {
    let settled = false;
    let bb: ReturnType<typeof Busboy>;
    const chunks: Buffer[] = [];
    let size = 0;
    let sawFile = false;
    let fileEnded = false;
    let busboyFinished = false;
    let filename: string | undefined;
    let contentType: string | undefined;
    let optionsText: string | undefined;

    const cleanup = () => {
      signal.removeEventListener('abort', onAbort);
      req.off('aborted', onAborted);
      req.off('error', onAborted);
      req.unpipe(bb);
      bb?.removeAllListeners();
      // A late busboy error after we stopped must not become an uncaught exception.
      bb?.on('error', () => {});
    };
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      cleanup();
      chunks.length = 0;
      reject(e);
    };
    const maybeDone = () => {
      if (settled || !busboyFinished || (sawFile && !fileEnded)) return;
      if (!sawFile) return fail(badMultipart('the "file" part is missing'));
      if (size === 0) return fail(badMultipart('the "file" part is empty'));
      settled = true;
      cleanup();
      const bytes = Buffer.concat(chunks, size);
      // Drop the chunk list now so the copy is the only one held while the parse runs.
      chunks.length = 0;
      resolve({ bytes, filename, contentType, optionsText });
    };
    const onAbort = () => fail(signal.reason);
    const onAborted = () => fail(badMultipart('the upload was interrupted before the body ended'));

    try {
      bb = Busboy({
        headers: req.headers as { 'content-type': string },
        // `options` is read as text even when a client sends it as a blob with a filename.
        isPartAFile: (name) => name !== 'options',
        limits: {
          parts: PARTS.length,
          // Names are checked per part (for a message that names the part), so these only cap.
          files: PARTS.length,
          fields: PARTS.length,
          fileSize: limits.maxFileBytes,
          fieldSize: limits.maxOptionsBytes,
          fieldNameSize: 100,
          headerPairs: 20,
        },
      });
    } catch (e) {
      throw badMultipart((e as Error).message);
    }

    bb.on('file', (name: string, stream: BusboyFileStream, rawName: string, _enc: string, mime: string) => {
      if (name !== 'file') {
        stream.resume();
        return fail(
          badMultipart(
            `unexpected part ${JSON.stringify(name.slice(0, 100))}; only "file" and "options" are accepted`,
          ),
        );
      }
      if (sawFile) return fail(badMultipart('more than one "file" part'));
      sawFile = true;
      filename = safeFilename(rawName);
      contentType = mime && mime !== 'application/octet-stream' ? mime : undefined;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on('limit', () => fail(tooLarge(limits.maxFileBytes)));
      stream.on('error', (e: Error) => fail(badMultipart(e.message)));
      stream.on('end', () => {
        fileEnded = true;
        maybeDone();
      });
    });
    bb.on('field', (name: string, value: string, _nameTrunc: boolean, valueTruncated: boolean) => {
      if (name !== 'options') {
        return fail(
          badMultipart(
            `unexpected part ${JSON.stringify(name.slice(0, 100))}; only "file" and "options" are accepted`,
          ),
        );
      }
      if (optionsText !== undefined) return fail(badMultipart('more than one "options" part'));
      if (valueTruncated) {
        return fail(
          new DistillError(
            'PAYLOAD_TOO_LARGE',
            `Payload Too Large: the "options" part is over ${limits.maxOptionsBytes} bytes`,
          ),
        );
      }
      optionsText = value;
    });
    bb.on('partsLimit', () =>
      fail(badMultipart(`too many parts; a parse request has at most ${PARTS.length}: "file" and "options"`)),
    );
    bb.on('error', (e: Error) => fail(badMultipart(e.message)));
    bb.on('finish', () => {
      busboyFinished = true;
      maybeDone();
    });

    if (signal.aborted) return fail(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('aborted', onAborted);
    req.on('error', onAborted);
    req.pipe(bb);
  });
}
