import { resolve } from 'node:path';
import { type Job, Queue, QueueEvents } from 'bullmq';
import type { BatchItem, BatchOptions } from '../batch.js';
import type { ConvertOutcome, ConvertTask } from '../convert.js';
import { expandInputs, type InputFile } from '../inputs.js';
import { Manifest } from '../manifest.js';
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
  const maxPending = opts.maxPending ?? 512;
  const pending = new Map<string, Promise<{ key: string; item: BatchItem }>>();
  const wait = (key: string, job: Job<ConvertTask, ConvertOutcome>, task: ConvertTask) =>
    job
      .waitUntilFinished(events)
      .then(
        (o: ConvertOutcome) => o,
        (e: unknown) => outcomeFromFailure(task, e),
      )
      .then(async (o) => {
        if (manifest) await manifest.record(o);
        return { key, item: o as BatchItem };
      });
  try {
    for await (const file of source) {
      const path = resolve(file.path);
      const prior = manifest && resume ? await manifest.settled(path, opts.retryFailed === true) : undefined;
      if (prior) {
        yield { ...prior, outStem: file.outStem, skipped: true };
        continue;
      }
      const task: ConvertTask = {
        path,
        outStem: file.outStem,
        out,
        json: opts.json,
        options: opts.options ?? {},
      };
      const job = await queue.add('convert', task, {
        attempts: opts.attempts ?? 3,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
      pending.set(job.id!, wait(job.id!, job, task));
      if (pending.size >= maxPending) {
        const { key, item } = await Promise.race(pending.values());
        pending.delete(key);
        yield item;
      }
    }
    while (pending.size > 0) {
      const { key, item } = await Promise.race(pending.values());
      pending.delete(key);
      yield item;
    }
  } finally {
    await events.close();
    await queue.close();
  }
}
