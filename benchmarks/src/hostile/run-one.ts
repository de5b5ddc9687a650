import { DistillError, parse } from 'distill';
import { HOSTILE_CASES } from './cases.js';

/**
 * One hostile case in this process (`run-one.ts <index>`), for the RSS measurement: builds the
 * input, parses it, prints one JSON line with the outcome and the peak RSS seen while parsing
 * (sampled every 5 ms, and the OS's high-water mark).
 */
const c = HOSTILE_CASES[Number(process.argv[2])];
const bytes = c.build();
if (global.gc) global.gc();
const base = process.memoryUsage.rss();
let peak = base;
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 5);
const t0 = performance.now();
let outcome: Record<string, unknown>;
try {
  const r = await parse(Buffer.from(bytes), { timeout: 60_000, ...(c.options ?? {}) } as never, {
    filename: `hostile.${c.ext}`,
  });
  const md = r.markdown ?? '';
  outcome = {
    cls: 'ok',
    chars: md.length,
    warning: r.warning?.slice(0, 300),
    // What hostile.test.ts checks, for cases it runs here (their output never crosses the pipe).
    missing: (c.contains ?? []).filter((x) => !md.includes(x)),
    present: (c.absent ?? []).filter((x) => md.includes(x)),
    warned: c.warns ? c.warns.test(r.warning ?? '') : true,
  };
} catch (e) {
  outcome =
    e instanceof DistillError && e.code !== 'UNKNOWN_ERROR'
      ? { cls: 'catalogue', code: e.code, status: e.status, message: e.message.slice(0, 200) }
      : { cls: 'unclean', error: String((e as Error)?.stack ?? e).slice(0, 500) };
}
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage.rss());
console.log(
  JSON.stringify({
    name: c.name,
    ext: c.ext,
    inputBytes: bytes.length,
    ms: Math.round(performance.now() - t0),
    baseRssMb: Math.round(base / 1e6),
    peakRssMb: Math.round(peak / 1e6),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1e3),
    ...outcome,
  }),
);
process.exit(0);
