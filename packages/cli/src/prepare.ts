import { nodeBinding } from './node-binding.js';

/**
 * V8 marks a function for its optimising compiler after this much bytecode has run in it
 * (16× V8 11's default of 67,584). A command runs once, cold, and most of its functions are hot
 * only for a moment: with the default, a cold `distill parse` of 100 one-page PDFs had 270
 * functions marked for TurboFan and 69 deoptimised again (feedback taken too early), and spent
 * more CPU compiling than converting. With the larger budget: 81 marked, 12 deoptimised, about
 * 45% less CPU on that folder, and less also on 500 PDFs, a 1,000-page PDF, Office files and
 * HTML pages (`pnpm bench cold`, benchmarks/REPORT.md); the output is byte-identical. Only the
 * command sets it: a program importing `distill` keeps its own process's settings.
 * Session 20: since the layout's objects and matrices keep one hidden class from the first page
 * (shapes.ts), code optimised early is rarely thrown away, and a smaller budget pays: instructions
 * of a cold `distill parse -c 1` (valgrind, `--hash-seed=7 --single-threaded`, compile cache
 * written), 20 dev PDFs at 2/4/6/8/12/16/32/64× the default: 2,362 / 1,949 / 1,951 / 1,990 /
 * 2,111 / 2,189 / 2,384 / 2,561 M; 50 PDFs at 4/6/16×: 4,090 / 3,961 / 4,075 M; one PDF 326 M at
 * 4× and 16× alike (too short for any function to reach either budget).
 */
const INTERRUPT_BUDGET = 67_584 * 6;

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
    setV8Flags(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  }
}

/** v8.setFlagsFromString, through V8's binding where loading node:v8 would load Node's streams. */
function setV8Flags(flags: string): void {
  const set = nodeBinding('v8')?.setFlagsFromString;
  if (typeof set === 'function') set(flags);
  else (process.getBuiltinModule('v8') as typeof import('node:v8')).setFlagsFromString(flags);
}
