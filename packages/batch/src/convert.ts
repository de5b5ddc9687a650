import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { type ParseOptionsInput, type ParseResult, parse, toDistillError } from 'distill';
import { writeOutputs } from './outputs.js';

/** One unit of work: a file, where its outputs go, and the parse options. */
export interface ConvertTask {
  path: string;
  outStem: string;
  /** Output folder; without it the result is returned instead of written. */
  out?: string;
  json?: boolean;
  options: ParseOptionsInput;
}

export interface ConvertOutcome {
  path: string;
  outStem: string;
  status: 'ok' | 'error';
  size: number;
  hash?: string;
  code?: string;
  error?: string;
  retryable?: boolean;
  outputs?: string[];
  pages?: number;
  ms: number;
  warning?: string;
  /** Present when no output folder was given. */
  result?: ParseResult;
}

/** Reads, hashes, parses and writes one file; every failure becomes an outcome, never a throw. */
export async function convertFile(task: ConvertTask): Promise<ConvertOutcome> {
  const t0 = performance.now();
  let size = 0;
  let hash: string | undefined;
  try {
    const bytes = await readFile(task.path);
    size = bytes.length;
    hash = createHash('sha256').update(bytes).digest('hex');
    const result = await parse(
      { data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), filename: basename(task.path) },
      task.options,
    );
    const pages = typeof result.metadata.numPages === 'number' ? result.metadata.numPages : undefined;
    const base = {
      path: task.path,
      outStem: task.outStem,
      status: 'ok' as const,
      size,
      hash,
      pages,
      warning: result.warning,
    };
    if (!task.out) return { ...base, ms: Math.round(performance.now() - t0), result };
    const outputs = await writeOutputs(task.out, task.outStem, result, task.json === true);
    return { ...base, outputs, ms: Math.round(performance.now() - t0) };
  } catch (e) {
    const err = toDistillError(e);
    const code = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'NOT_FOUND' : err.code;
    return {
      path: task.path,
      outStem: task.outStem,
      status: 'error',
      size,
      hash,
      code,
      error: err.message,
      retryable: err.retryable,
      ms: Math.round(performance.now() - t0),
    };
  }
}
