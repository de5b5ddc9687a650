import { constants as bufferConstants } from 'node:buffer';
import { nodeBinding } from '../node-binding.js';

// zlib.inflateSync (and inflateRawSync) without Node's zlib module. Every PDF page's content is Flate-compressed, so
// the parse bundle inflates on every run, and on Node 20 `require('zlib')` loads Node's streams
// with it (node-binding.ts), for a call that never streams. This calls
// zlib's native handle (the `Zlib` class Node's own module wraps) with the loop of Node 20's
// zlib.js (processChunkSync), so the bytes out, the errors thrown and the output limit are
// Node's own. Only the calls the PDF reader makes are answered here (maxOutputLength and
// finishFlush); anything else, another Node major or a binding that is not there goes to
// Node's zlib. Used by the parse bundle's lazy `zlib` (lazy-builtin.ts), never by the library.

interface ZlibHandle {
  init(
    windowBits: number,
    level: number,
    memLevel: number,
    strategy: number,
    writeState: Uint32Array,
    processCallback: () => void,
    dictionary: undefined,
  ): unknown;
  writeSync(
    flush: number,
    input: Uint8Array,
    inOff: number,
    inLen: number,
    out: Buffer,
    outOff: number,
    outLen: number,
  ): void;
  close(): void;
  onerror: (message: string, errno: number, code: string) => void;
}

interface ZlibBinding {
  Zlib: new (mode: number) => ZlibHandle;
}

/** zlib's constants as Node's zlib module exports them (the same object, from Node's binding). */
export type ZlibConstants = Record<string, number>;

interface Native {
  binding: ZlibBinding;
  constants: ZlibConstants;
}

let native: Native | null | undefined;

/** The native zlib and its constants (node-binding.ts), or null where Node's zlib must be used. */
export function nativeZlib(): Native | null {
  if (native !== undefined) return native;
  native = null;
  const binding = nodeBinding('zlib') as ZlibBinding | undefined;
  const constants = nodeBinding('constants')?.zlib as ZlibConstants | undefined;
  if (typeof binding?.Zlib === 'function' && typeof constants?.INFLATE === 'number') {
    native = { binding, constants };
  }
  return native;
}

export interface InflateOptions {
  maxOutputLength?: number;
  finishFlush?: number;
}

/** Node 20's kMaxLength: the default and the largest maxOutputLength. */
const MAX_LENGTH = bufferConstants.MAX_LENGTH;

/**
 * The native inflate of `input`, or undefined when the options are not ones this answers as
 * Node would (the caller then uses Node's zlib, which also gives Node's errors for bad options).
 */
export const nativeInflateSync = (n: Native, input: Uint8Array, opts: InflateOptions | undefined) =>
  inflateNative(n, false, input, opts);

/** zlib.inflateRawSync as nativeInflateSync is inflateSync: deflate data without the zlib header. */
export const nativeInflateRawSync = (n: Native, input: Uint8Array, opts: InflateOptions | undefined) =>
  inflateNative(n, true, input, opts);

function inflateNative(
  n: Native,
  raw: boolean,
  input: Uint8Array,
  opts: InflateOptions | undefined,
): Buffer | undefined {
  const c = n.constants;
  let maxOutputLength = MAX_LENGTH;
  let flushFlag = c.Z_FINISH;
  if (opts) {
    for (const key in opts) if (key !== 'maxOutputLength' && key !== 'finishFlush') return undefined;
    if (opts.maxOutputLength !== undefined) {
      const m = opts.maxOutputLength;
      if (!Number.isInteger(m) || m < 1 || m > MAX_LENGTH) return undefined;
      maxOutputLength = m;
    }
    if (opts.finishFlush !== undefined) {
      if (opts.finishFlush !== c.Z_SYNC_FLUSH && opts.finishFlush !== c.Z_FINISH) return undefined;
      flushFlag = opts.finishFlush;
    }
  }
  if (!ArrayBuffer.isView(input)) return undefined;
  const handle = new n.binding.Zlib(raw ? c.INFLATERAW : c.INFLATE);
  const state = new Uint32Array(2);
  let error: Error | undefined;
  // Called by the native side during writeSync when zlib reports an error (zlibOnError).
  handle.onerror = (message, errno, code) => {
    error = Object.assign(new Error(message), { errno, code });
  };
  // windowBits 0: from the stream's header, as Node does for inflate without windowBits. Raw
  // data has no header: Node passes its default, 15, which the native side negates for raw mode.
  handle.init(
    raw ? c.Z_DEFAULT_WINDOWBITS : 0,
    c.Z_DEFAULT_COMPRESSION,
    c.Z_DEFAULT_MEMLEVEL,
    c.Z_DEFAULT_STRATEGY,
    state,
    noop,
    undefined,
  );
  const chunkSize = c.Z_DEFAULT_CHUNK;
  let closed = false;
  const close = () => {
    if (!closed) handle.close();
    closed = true;
  };
  try {
    let availInBefore = input.byteLength;
    let availOutBefore = chunkSize;
    let inOff = 0;
    let buffers: Buffer[] | null = null;
    let nread = 0;
    let buffer = Buffer.allocUnsafe(chunkSize);
    let offset = 0;
    while (true) {
      handle.writeSync(flushFlag, input, inOff, availInBefore, buffer, offset, availOutBefore);
      if (error) throw error;
      const availOutAfter = state[0];
      const availInAfter = state[1];
      const inDelta = availInBefore - availInAfter;
      const have = availOutBefore - availOutAfter;
      if (have > 0) {
        const out = buffer.slice(offset, offset + have);
        offset += have;
        if (!buffers) buffers = [out];
        else buffers.push(out);
        nread += out.byteLength;
        if (nread > maxOutputLength) {
          throw Object.assign(new RangeError(`Cannot create a Buffer larger than ${maxOutputLength} bytes`), {
            code: 'ERR_BUFFER_TOO_LARGE',
          });
        }
      }
      // The output buffer is used up (or the input is, at the chunk's end): a new one.
      if (availOutAfter === 0 || offset >= chunkSize) {
        availOutBefore = chunkSize;
        offset = 0;
        buffer = Buffer.allocUnsafe(chunkSize);
      }
      if (availOutAfter !== 0) break;
      // Not done: go on from where zlib stopped reading.
      inOff += inDelta;
      availInBefore = availInAfter;
    }
    if (nread === 0 || !buffers) return Buffer.alloc(0);
    return buffers.length === 1 ? buffers[0] : Buffer.concat(buffers, nread);
  } finally {
    close();
  }
}

const noop = () => {};
