import { setFlagsFromString } from 'node:v8';

/**
 * V8 marks a function for its optimising compiler after this much bytecode has run in it
 * (16× V8 11's default of 67,584). A command runs once, cold, and most of its functions are hot
 * only for a moment: with the default, a cold `distill parse` of 100 one-page PDFs had 270
 * functions marked for TurboFan and 69 deoptimised again (feedback taken too early), and spent
 * more CPU compiling than converting. With the larger budget: 81 marked, 12 deoptimised, about
 * 45% less CPU on that folder, and less also on 500 PDFs, a 1,000-page PDF, Office files and
 * HTML pages (`pnpm bench cold`, benchmarks/REPORT.md); the output is byte-identical. Only the
 * command sets it: a program importing `distill` keeps its own process's settings.
 */
const INTERRUPT_BUDGET = 67_584 * 16;

/** Prepares the process for a command; runs before any command code loads. */
export function prepareProcess(): void {
  // Node 22.1+ keeps compiled code of the modules a run loads on disk (in the OS's temporary
  // folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so the next cold start skips compiling
  // them; Node 20 has no such call (the parse command has its own cache there: cold/load.ts).
  // node:module is loaded only where the call exists: loading it loads Node's ES module resolver.
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 1)) {
    (process.getBuiltinModule('module') as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  }
  // A budget given on node's own command line (`node --interrupt-budget=N …`) is left alone.
  if (!process.execArgv.some((a) => a.startsWith('--interrupt-budget'))) {
    setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  }
}

/** Files a process converts from which its young generation grows faster (see below). */
const MANY_FILES = 8;
/** V8 11's own growth factor, restored when the files are converted. */
const DEFAULT_GROWTH = 2;

/**
 * For a process that converts a folder: V8's young generation starts at 1 MB a semi-space and
 * doubles when a scavenge finds it too small; growing it fourfold instead reaches its largest
 * size (16 MB) in fewer scavenges (a folder of 100 one-page PDFs: 52 instead of 67 with
 * `--trace-gc`), each of which also walks the start-up snapshot's object cache. Not for one
 * file: a short run then faults in pages it barely uses (one PDF was 1.1× slower with a factor
 * of 16, session 18). A factor given on node's own command line is left alone.
 *
 * Returns what puts the default back, to call once the files are converted: V8 stamps its code
 * cache with a hash of its flags, and a cache written at exit under a flag set at run time
 * would be rejected by the next run's start (which has not set it yet), so every run would
 * compile the bundle again and rewrite the cache.
 */
export function prepareForFiles(files: number): () => void {
  if (files < MANY_FILES || process.execArgv.some((a) => a.startsWith('--semi-space-growth-factor'))) {
    return () => {};
  }
  setFlagsFromString('--semi-space-growth-factor=4');
  return () => setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH}`);
}
