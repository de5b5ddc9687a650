import { DistillError, parse } from 'distill';

/**
 * A fuzz worker process: receives cases over IPC, parses each with the public API and reports
 * the outcome and the peak RSS it saw. The parent kills and replaces it on a hang or a crash.
 */
interface Case {
  id: number;
  bytes: Uint8Array;
  filename: string;
  timeoutMs: number;
}

let peak = 0;
const sample = () => {
  const r = process.memoryUsage.rss();
  if (r > peak) peak = r;
};
setInterval(sample, 10).unref();

process.on('message', async (c: Case) => {
  const before = process.memoryUsage.rss();
  peak = before;
  const t0 = performance.now();
  let outcome: { cls: string; code?: string; error?: string; chars?: number; warning?: boolean };
  try {
    const r = await parse(Buffer.from(c.bytes), { timeout: c.timeoutMs }, { filename: c.filename });
    outcome = { cls: 'ok', chars: r.markdown?.length ?? 0, warning: !!r.warning };
  } catch (e) {
    if (e instanceof DistillError && e.code !== 'UNKNOWN_ERROR')
      outcome = { cls: 'catalogue', code: e.code, error: e.message.slice(0, 300) };
    else {
      const cause = e instanceof DistillError ? (e.cause as Error | undefined) : (e as Error);
      outcome = {
        cls: 'unclean',
        code: e instanceof DistillError ? e.code : undefined,
        error: `${cause?.name ?? typeof cause}: ${String(cause?.message ?? cause).slice(0, 300)}\n${String(
          cause?.stack ?? '',
        )
          .split('\n')
          .slice(1, 6)
          .join('\n')}`,
      };
    }
  }
  sample();
  process.send?.({
    id: c.id,
    ...outcome,
    ms: Math.round(performance.now() - t0),
    peakRss: peak,
    baseRss: before,
  });
  if (global.gc && process.memoryUsage().heapUsed > 256 * 1024 * 1024) global.gc();
});
process.send?.({ ready: true });
