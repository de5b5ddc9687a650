import { resolve } from 'node:path';
import type { ParseOptionsInput } from 'distill';
import type { ConvertOutcome } from './convert.js';
import { expandInputs, type InputFile, type InputSkip } from './inputs.js';
import { Manifest } from './manifest.js';
import { OptionsKeys } from './options-key.js';
import { ConvertPool } from './pool.js';

export interface BatchOptions {
  /** Output folder: outputs and `manifest.jsonl` go there. Without it results are returned. */
  out?: string;
  /** Also write `<file>.json` with the whole result. */
  json?: boolean;
  /** The spec's parse options, for every file. */
  options?: ParseOptionsInput;
  /** Worker threads; default: the machine's cores. */
  concurrency?: number;
  /** Skip files the manifest says are done (default true when `out` is set). */
  resume?: boolean;
  /** Also convert again files that failed with a non-retryable error (corrupt, unsupported). */
  retryFailed?: boolean;
  /**
   * Heap cap of each worker thread in MB (default DISTILL_BATCH_HEAP_MB, else 1536, as the
   * server's parse threads): a file that needs more ends its thread alone, PAYLOAD_TOO_LARGE.
   */
  maxHeapMb?: number;
  /** Ends a worker stuck on one file; default the parse timeout plus 10 s. */
  hardTimeoutMs?: number;
  /** Images as files: embedded images go to this folder (named by content hash), linked from the Markdown. */
  imagesDir?: string;
}

export interface BatchItem extends ConvertOutcome {
  /** True when the manifest showed the file already converted and unchanged. */
  skipped?: boolean;
}

/** The outcome of an input the walk found but cannot convert: unsupported, or unreadable. */
function skippedInput(file: InputFile & { skip: InputSkip }): BatchItem {
  return {
    path: resolve(file.path),
    outStem: file.outStem,
    status: file.skip.reason === 'unsupported' ? 'unsupported' : 'error',
    size: 0,
    code: file.skip.code,
    error: file.skip.message,
    // A folder made readable later is read on the next run.
    retryable: file.skip.reason === 'unreadable' ? true : undefined,
    ms: 0,
  };
}

/** Records an outcome, except an unsupported file the manifest lists already. */
export async function recordOutcome(
  manifest: Manifest | undefined,
  o: ConvertOutcome,
  key: string,
): Promise<void> {
  if (!manifest) return;
  if (o.status === 'unsupported' && manifest.knownUnsupported(o.path)) return;
  await manifest.record(o, key);
}

/**
 * What a listed input gives without being converted (batch and queue producer alike): its
 * outcome when the walk found it unsupported or unreadable, recorded in the manifest; or, when
 * resuming, the manifest's outcome for a file already converted and unchanged (or failed, unless
 * failures are retried). Undefined: the file is to be converted.
 */
export async function settledInput(
  file: InputFile,
  manifest: Manifest | undefined,
  keys: OptionsKeys,
  resume: boolean,
  retryFailed: boolean,
): Promise<BatchItem | undefined> {
  if (file.skip) {
    const item = skippedInput({ ...file, skip: file.skip });
    await recordOutcome(manifest, item, keys.of(item.path));
    return item;
  }
  if (!manifest || !resume) return undefined;
  const path = resolve(file.path);
  const prior = await manifest.settled(path, retryFailed, keys.of(path));
  return prior ? { ...prior, outStem: file.outStem, skipped: true } : undefined;
}

/**
 * Converts many files on all cores and yields each outcome as it finishes. Inputs are files,
 * directories (walked lazily) or globs; a failing file yields an error outcome and the batch
 * goes on. With `out`, a manifest makes a second run skip finished files and retry failed ones.
 */
export async function* batch(
  inputs: readonly string[] | AsyncIterable<InputFile>,
  opts: BatchOptions = {},
): AsyncGenerator<BatchItem> {
  const pool = new ConvertPool({ concurrency: opts.concurrency, maxHeapMb: opts.maxHeapMb });
  const manifest = opts.out ? await Manifest.open(opts.out) : undefined;
  const resume = opts.resume ?? true;
  const options = opts.options ?? {};
  const imagesDir = opts.imagesDir ? resolve(opts.imagesDir) : undefined;
  const keys = new OptionsKeys(options, opts.json === true, imagesDir);
  const timeout = typeof options.timeout === 'number' ? options.timeout : 60_000;
  const hard = opts.hardTimeoutMs ?? timeout + 10_000;
  const source = Array.isArray(inputs)
    ? expandInputs(inputs as string[])
    : (inputs as AsyncIterable<InputFile>);
  const limit = pool.size * 2;
  const running = new Map<number, Promise<{ id: number; item: BatchItem }>>();
  let next = 0;
  try {
    for await (const file of source) {
      const settled = await settledInput(file, manifest, keys, resume, opts.retryFailed === true);
      if (settled) {
        yield settled;
        continue;
      }
      const path = resolve(file.path);
      const id = next++;
      running.set(
        id,
        pool
          .run({ path, outStem: file.outStem, out: opts.out, json: opts.json, options, imagesDir }, hard)
          .then(async (o) => {
            await recordOutcome(manifest, o, keys.of(o.path));
            return { id, item: o as BatchItem };
          }),
      );
      if (running.size >= limit) {
        const { id: doneId, item } = await Promise.race(running.values());
        running.delete(doneId);
        yield item;
      }
    }
    while (running.size > 0) {
      const { id: doneId, item } = await Promise.race(running.values());
      running.delete(doneId);
      yield item;
    }
  } finally {
    await pool.close();
  }
}
