import type { FrontierEntry } from './types.js';

/**
 * The in-process engine's scheduler: a frontier queue per job, pages started round-robin
 * across jobs, at most `maxTotal` at once overall and each job's own concurrency.
 */
export class LocalRunner {
  private readonly queues = new Map<
    string,
    { entries: FrontierEntry[]; head: number; running: number; max: number }
  >();
  private running = 0;
  private cursor = 0;

  constructor(
    private readonly maxTotal: number,
    private readonly run: (id: string, entry: FrontierEntry) => Promise<void>,
    private readonly onError: (e: unknown) => void,
  ) {}

  /** Opens a job's queue (a job that runs again, a batch appended to, keeps the one it has). */
  open(id: string, concurrency: number): void {
    if (!this.queues.has(id)) this.queues.set(id, { entries: [], head: 0, running: 0, max: concurrency });
  }

  enqueue(id: string, entries: FrontierEntry[]): void {
    const q = this.queues.get(id);
    if (!q) return;
    for (const e of entries) q.entries.push(e);
    this.pump();
  }

  /** Forgets a job's queued pages (cancelled or ended). */
  drop(id: string): void {
    const q = this.queues.get(id);
    if (q) q.entries = [];
    if (q && q.running === 0) this.queues.delete(id);
  }

  private pump(): void {
    const ids = [...this.queues.keys()];
    let idle = 0;
    while (this.running < this.maxTotal && ids.length > 0 && idle < ids.length) {
      const id = ids[this.cursor++ % ids.length];
      const q = this.queues.get(id);
      if (!q || q.running >= q.max || q.head >= q.entries.length) {
        idle++;
        continue;
      }
      idle = 0;
      const entry = q.entries[q.head++];
      // Compact now and then, so a long crawl's queue does not keep every entry it ever held.
      if (q.head > 1024 && q.head * 2 > q.entries.length) {
        q.entries = q.entries.slice(q.head);
        q.head = 0;
      }
      q.running++;
      this.running++;
      this.run(id, entry)
        .catch(this.onError)
        .finally(() => {
          q.running--;
          this.running--;
          if (q.entries.length === 0 && q.running === 0 && !this.live(id)) this.queues.delete(id);
          this.pump();
        });
    }
  }

  private live(id: string): boolean {
    const q = this.queues.get(id);
    return q !== undefined && q.entries.length > q.head;
  }
}
