import { readFileSync, type Stats, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DistillError } from '../errors/distill-error.js';

/** Bytes, a file path, or bytes with a name and content type. */
export type ParseInput =
  | Uint8Array
  | ArrayBuffer
  | string
  | { path: string; filename?: string; contentType?: string }
  | { data: Uint8Array | ArrayBuffer | string; filename?: string; contentType?: string };

export interface LoadedInput {
  bytes: Uint8Array;
  filename?: string;
  contentType?: string;
  path?: string;
}

const toBytes = (d: Uint8Array | ArrayBuffer | string): Uint8Array =>
  typeof d === 'string' ? new TextEncoder().encode(d) : d instanceof Uint8Array ? d : new Uint8Array(d);

function tooLarge(size: number, max: number): DistillError {
  return new DistillError(
    'FILE_TOO_LARGE',
    `Payload Too Large: the file is ${size} bytes, over the limit of ${max} bytes`,
  );
}

/** Why a named file cannot be read, as the catalogue error that fits the cause. */
function unreadable(path: string, e: unknown): DistillError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM')
    return new DistillError('FORBIDDEN', `Forbidden: permission denied reading ${path} (${code})`);
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return new DistillError('NOT_FOUND', `Not Found: ${path} does not exist`);
  return new DistillError('NOT_FOUND', `Not Found: cannot read ${path} (${code ?? e})`);
}

/**
 * A gzip-compressed document (a saved `page.html.gz`, a `.csv.gz` export) is read as what it
 * holds, never past `maxBytes` of output: no format of ours starts with gzip's magic bytes.
 */
function gunzipped(input: LoadedInput, maxBytes: number): LoadedInput {
  const b = input.bytes;
  if (b.length < 18 || b[0] !== 0x1f || b[1] !== 0x8b || b[2] !== 8) return input;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(gunzipSync(b, { maxOutputLength: maxBytes }));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new DistillError(
        'DECOMPRESSION_LIMIT',
        `Payload Too Large: the gzip-compressed file inflates past the limit of ${maxBytes} bytes`,
      );
    throw new DistillError(
      'FILE_CORRUPT',
      'Unprocessable Entity: the gzip-compressed file is corrupt or truncated',
    );
  }
  const filename = input.filename?.replace(/\.(gz|gzip)$/i, '');
  const contentType = /gzip/i.test(input.contentType ?? '') ? undefined : input.contentType;
  return { ...input, bytes, filename, contentType };
}

/** The size of a file the user named, or the catalogue error for what it is instead. */
function regularFileSize(path: string, st: Stats, maxBytes: number): number {
  if (!st.isFile()) throw new DistillError('BAD_REQUEST', `Bad Request: ${path} is not a file`);
  if (st.size > maxBytes) throw tooLarge(st.size, maxBytes);
  return st.size;
}

/**
 * A file the user named, read whole: a missing, unreadable or non-regular file is a catalogue
 * error that names it, and an oversized one is refused before it is read.
 */
export async function readInputFile(path: string, maxBytes: number): Promise<Uint8Array> {
  let st: Stats;
  try {
    st = await stat(path);
  } catch (e) {
    throw unreadable(path, e);
  }
  regularFileSize(path, st, maxBytes);
  try {
    // A plain Uint8Array over the file's own memory (Buffer's slice would not copy): copying a
    // 15 MB file cost as much as reading it, before the first page of parsePages() could start.
    const buf = await readFile(path);
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  } catch (e) {
    throw unreadable(path, e);
  }
}

/**
 * As readInputFile, without leaving the thread: for a command that converts one file after
 * another, where each asynchronous step is a round trip through libuv's thread pool (four per
 * file) that a busy machine makes wait for a core.
 */
export function readInputFileSync(path: string, maxBytes: number): Uint8Array {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    throw unreadable(path, e);
  }
  regularFileSize(path, st, maxBytes);
  try {
    // A view, as readInputFile gives: copying each file doubled the memory touched per file.
    const buf = readFileSync(path);
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  } catch (e) {
    throw unreadable(path, e);
  }
}

export async function loadInput(input: ParseInput, maxBytes: number): Promise<LoadedInput> {
  return gunzipped(await loadRaw(input, maxBytes), maxBytes);
}

async function loadRaw(input: ParseInput, maxBytes: number): Promise<LoadedInput> {
  if (typeof input === 'string' || (typeof input === 'object' && 'path' in input)) {
    const path = typeof input === 'string' ? input : input.path;
    const bytes = await readInputFile(path, maxBytes);
    const extra: { filename?: string; contentType?: string } = typeof input === 'string' ? {} : input;
    return { bytes, path, filename: extra.filename ?? basename(path), contentType: extra.contentType };
  }
  if (input instanceof Uint8Array || input instanceof ArrayBuffer) {
    const bytes = toBytes(input);
    if (bytes.length > maxBytes) throw tooLarge(bytes.length, maxBytes);
    return { bytes };
  }
  const bytes = toBytes(input.data);
  if (bytes.length > maxBytes) throw tooLarge(bytes.length, maxBytes);
  return { bytes, filename: input.filename, contentType: input.contentType };
}
