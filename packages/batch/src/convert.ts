import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import {
  DEFAULT_LIBRARY_MAX_BYTES,
  type ParseOptionsInput,
  type ParseResult,
  parse,
  readInputFile,
  toDistillError,
} from 'distill/internals';
import { imageFilesFor } from './image-files.js';
import { writeOutputs } from './outputs.js';

/** One unit of work: a file, where its outputs go, and the parse options. */
export interface ConvertTask {
  path: string;
  outStem: string;
  /** Output folder; without it the result is returned instead of written. */
  out?: string;
  json?: boolean;
  options: ParseOptionsInput;
  /** Images as files: the folder they are written to, linked from the Markdown. */
  imagesDir?: string;
}

export interface ConvertOutcome {
  path: string;
  outStem: string;
  /** `unsupported`: found in a folder but of no format distill reads (counted, not converted). */
  status: 'ok' | 'error' | 'unsupported';
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
    const bytes = await readInputFile(task.path, DEFAULT_LIBRARY_MAX_BYTES);
    size = bytes.length;
    hash = createHash('sha256').update(bytes).digest('hex');
    const result = await parse(
      { data: bytes, filename: basename(task.path) },
      task.options,
      task.imagesDir ? { imageFiles: imageFilesFor(task.imagesDir, task.out, task.outStem) } : {},
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
    return {
      path: task.path,
      outStem: task.outStem,
      status: 'error',
      size,
      hash,
      code: err.code,
      error: err.message,
      retryable: err.retryable,
      ms: Math.round(performance.now() - t0),
    };
  }
}
