// Instruction counts under valgrind's callgrind, for benches on a shared machine: a count does
// not move with the machine's load, a time does. Needs Debian's valgrind (apt-get install valgrind).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** The `valgrind` arguments that count instructions into `log`, instrumenting from the start or not. */
export const callgrindArgs = (log: string, fromStart = true): string[] => [
  '--tool=callgrind',
  '--callgrind-out-file=/dev/null',
  `--log-file=${log}`,
  ...(fromStart ? [] : ['--instr-atstart=no']),
];

/**
 * The `valgrind` arguments that count only the main thread's instructions outside V8's garbage
 * collections, into per-thread files `<out>-01`, `<out>-02`… (read with mainThreadInstructions).
 * A whole process's count moves by ±5% from run to run: V8 schedules collections partly by time
 * (and a scavenge's work is shared with helper threads as they happen to run), and optimising
 * compiles run on threads of their own. What the main thread runs outside a collection repeats
 * to about 0.01% with a fixed hash seed on one page (three runs: 354.78 / 354.74 / 354.74 M);
 * on the 100 dev PDFs, where optimised code arrives from the compiler's thread when it happens
 * to finish, runs of one build differed by up to 0.9% (4,759 / 4,737 M; `-c 1` 4,653 / 4,694 M for
 * two builds differing only in start-up code), against ±5% whole. Collections
 * the main thread runs pass through Heap::CollectGarbage (scavenges, and the finishing pause of
 * a mark-compact) or, for incremental marking between them, IncrementalMarking::Step; counting
 * is switched off inside both (--toggle-collect, which makes --collect-atstart default to no: it
 * is set back to yes after them). On the 100 dev PDFs in one process (`-c 1`) the main thread
 * ran 4,919 M instructions outside them, the whole process about 7,000 M.
 */
export const mainThreadArgs = (out: string, log: string): string[] => [
  '--tool=callgrind',
  '--separate-threads=yes',
  `--callgrind-out-file=${out}`,
  `--log-file=${log}`,
  '--toggle-collect=v8::internal::Heap::CollectGarbage(*',
  '--toggle-collect=v8::internal::IncrementalMarking::Step(*',
  '--collect-atstart=yes',
];

/** The main thread's instructions, from the `totals:` line of its callgrind file (`<out>-01`). */
export function mainThreadInstructions(out: string): number | undefined {
  const file = `${out}-01`;
  if (!existsSync(file)) return undefined;
  const m = /^totals:\s+(\d+)/m.exec(readFileSync(file, 'utf8'));
  return m ? Number(m[1]) : undefined;
}

/** Instructions executed, from a callgrind log (its `I refs` line). */
export function instructionsIn(log: string): number | undefined {
  const m = /I\s+refs:\s+([\d,]+)/.exec(log);
  return m ? Number(m[1].replaceAll(',', '')) : undefined;
}

/**
 * Turns callgrind's instrumentation of this process on or off (callgrind_control, through
 * valgrind's gdbserver), so a process started with --instr-atstart=no counts only the part
 * between: warm passes without the warm-up before them.
 */
export function instrument(on: boolean): void {
  execFileSync('callgrind_control', ['-i', on ? 'on' : 'off', String(process.pid)], { stdio: 'ignore' });
}
