import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { type Job, Queue, QueueEvents } from 'bullmq';
import { type BatchItem, type BatchOptions, recordOutcome, settledInput } from '../batch.js';
import type { ConvertOutcome, ConvertTask } from '../convert.js';
import { expandInputs, type InputFile } from '../inputs.js';
import { Manifest } from '../manifest.js';
import { OptionsKeys } from '../options-key.js';
import { parseQueueUrl } from './connection.js';

export interface QueueBatchOptions extends Omit<BatchOptions, 'concurrency' | 'hardTimeoutMs'> {
  queue: string;
  /** Jobs waiting at once; the walk pauses past it, so a huge tree is never all in Redis. */
  maxPending?: number;
  attempts?: number;
}

function outcomeFromFailure(task: ConvertTask, reason: unknown): ConvertOutcome {
  const text = reason instanceof Error ? reason.message : String(reason);
  try {
    return JSON.parse(text) as ConvertOutcome;
  } catch {
    return {
      path: task.path,
      outStem: task.outStem,
      status: 'error',
      size: 0,
      code: 'UNKNOWN_ERROR',
      error: text,
      ms: 0,
    };
  }
}

/**
 * Enqueues one job per file and yields each outcome as workers finish it; writes the manifest
 * from the results, so resuming works as in a local batch. Paths are made absolute: workers
 * on other machines see the same files through shared storage.
 */
export async function* queueBatch(
  inputs: readonly string[] | AsyncIterable<InputFile>,
  opts: QueueBatchOptions,
): AsyncGenerator<BatchItem> {
  const target = parseQueueUrl(opts.queue);
  const queue = new Queue<ConvertTask, ConvertOutcome>(target.name, { connection: target.connection });
  const events = new QueueEvents(target.name, { connection: target.connection });
  await events.waitUntilReady();
  const out = opts.out ? resolve(opts.out) : undefined;
  const manifest = out ? await Manifest.open(out) : undefined;
  const resume = opts.resume ?? true;
  const source = Array.isArray(inputs)
    ? expandInputs(inputs as string[])
    : (inputs as AsyncIterable<InputFile>);
  const keys = new OptionsKeys(opts.options ?? {}, opts.json === true);
  const maxPending = opts.maxPending ?? 512;
  const pending = new Map<string, Promise<{ key: string; item: BatchItem }>>();
  const wait = (jobKey: string, job: Job<ConvertTask, ConvertOutcome>, task: ConvertTask) =>
    job
      .waitUntilFinished(events)
      .then(
        (o: ConvertOutcome) => o,
        (e: unknown) => outcomeFromFailure(task, e),
      )
      .then(async (o) => {
        await recordOutcome(manifest, o, keys.of(o.path));
        return { key: jobKey, item: o as BatchItem };
      });
  try {
    for await (const file of source) {
      const settled = await settledInput(file, manifest, keys, resume, opts.retryFailed === true);
      if (settled) {
        yield settled;
        continue;
      }
      const path = resolve(file.path);
      const task: ConvertTask = {
        path,
        outStem: file.outStem,
        out,
        json: opts.json,
        options: opts.options ?? {},
      };
      // The job's id is the file and what shapes its output: a producer that is restarted (or a
      // second one) finds the jobs it enqueued before, done or not, instead of adding them again,
      // and collects their results into the manifest.
      const jobId = createHash('sha256')
        .update(`${path}\0${out ?? ''}\0${keys.of(path)}`)
        .digest('hex')
        .slice(0, 32);
      let job = (await queue.getJob(jobId)) as Job<ConvertTask, ConvertOutcome> | undefined;
      if (job && (await job.getState()) === 'failed') await job.retry('failed').catch(() => undefined);
      job ??= await queue.add('convert', task, {
        jobId,
        attempts: opts.attempts ?? 3,
        backoff: { type: 'exponential', delay: 1000 },
        // Kept long enough for a producer that went down to come back and collect them.
        removeOnComplete: { age: 7 * 24 * 3600, count: 1_000_000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
      if (pending.has(jobId)) continue;
      pending.set(jobId, wait(jobId, job, task));
      if (pending.size >= maxPending) {
        const done = await Promise.race(pending.values());
        pending.delete(done.key);
        yield done.item;
      }
    }
    while (pending.size > 0) {
      const done = await Promise.race(pending.values());
      pending.delete(done.key);
      yield done.item;
    }
  } finally {
    await events.close();
    await queue.close();
  }
}
