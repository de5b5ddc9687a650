// Instruction counts under valgrind's callgrind, for benches on a shared machine: a count does
// not move with the machine's load, a time does. Needs Debian's valgrind (apt-get install valgrind).
import { execFileSync } from 'node:child_process';

/** The `valgrind` arguments that count instructions into `log`, instrumenting from the start or not. */
export const callgrindArgs = (log: string, fromStart = true): string[] => [
  '--tool=callgrind',
  '--callgrind-out-file=/dev/null',
  `--log-file=${log}`,
  ...(fromStart ? [] : ['--instr-atstart=no']),
];

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
