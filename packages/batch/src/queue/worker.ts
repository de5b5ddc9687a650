import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import type { ConvertOutcome, ConvertTask } from '../convert.js';
import { ConvertPool } from '../pool.js';
import { deadLetterName, parseQueueUrl } from './connection.js';

export interface QueueWorkerOptions {
  queue: string;
  /** Worker threads, and jobs taken at once; default the machine's cores. */
  concurrency?: number;
  onOutcome?: (o: ConvertOutcome, job: Job) => void;
}

export interface QueueWorkerHandle {
  close(): Promise<void>;
}

/**
 * Takes conversion jobs from the queue and runs them on a local worker-thread pool, with the
 * same engine as a local batch. Retryable failures are thrown so BullMQ retries them with
 * backoff; bad files go to the dead-letter queue at once with their error.
 */
export async function startQueueWorker(opts: QueueWorkerOptions): Promise<QueueWorkerHandle> {
  const target = parseQueueUrl(opts.queue);
  const pool = new ConvertPool({ concurrency: opts.concurrency });
  const dead = new Queue(deadLetterName(target.name), { connection: target.connection });
  const worker = new Worker<ConvertTask, ConvertOutcome>(
    target.name,
    async (job) => {
      const task = job.data;
      const timeout = typeof task.options.timeout === 'number' ? task.options.timeout : 60_000;
      const outcome = await pool.run(task, timeout + 10_000);
      opts.onOutcome?.(outcome, job);
      if (outcome.status === 'ok') return outcome;
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (!outcome.retryable || last) {
        await dead.add('dead', { task, outcome }, { removeOnComplete: false });
        throw new UnrecoverableError(JSON.stringify(outcome));
      }
      throw new Error(JSON.stringify(outcome));
    },
    { connection: target.connection, concurrency: pool.size },
  );
  await worker.waitUntilReady();
  return {
    async close() {
      await worker.close();
      await dead.close();
      await pool.close();
    },
  };
}
