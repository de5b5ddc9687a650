// pnpm bench cold --instructions
// The cold commands of `pnpm bench cold`, counted in instructions executed (valgrind's callgrind,
// all threads of the process) instead of timed. A count does not move with the machine's load,
// so on a shared machine it says what a change did when wall times cannot; it is not a time (an
// instruction waiting on memory costs more than one that does not) and is reported beside the
// timed figures, never instead. Needs Debian's valgrind (apt-get install valgrind).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callgrindArgs, instructionsIn } from './callgrind.js';
import { machineLine, writeSection } from './results.js';

/** Instructions executed by `node ...args` (its threads included, child processes not). */
function instructions(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'distill-vg-'));
  const log = join(work, 'log.txt');
  return new Promise<number>((done, fail) => {
    const child = spawn('valgrind', [...callgrindArgs(log), process.execPath, ...args], {
      stdio: 'ignore',
      env,
    });
    child.once('error', (e) =>
      fail(new Error(`valgrind is needed (apt-get install valgrind): ${e.message}`)),
    );
    child.once('exit', () => {
      const n = instructionsIn(readFileSync(log, 'utf8'));
      rmSync(work, { recursive: true, force: true });
      if (n === undefined) return fail(new Error(`no instruction count for ${args.join(' ')}`));
      done(n);
    });
  });
}

export interface InstructionCase {
  name: string;
  distill: () => string[];
  lit?: () => string[];
}

/**
 * Counts each case once for distill (its compile cache written by an untimed run first, as in
 * the timed bench) and once for LiteParse. `env` is the timed bench's environment; the cache
 * refresh of a run longer than 2 s (load.ts) is left to happen, as it does for a person.
 */
export async function runColdInstructions(
  cases: InstructionCase[],
  env: NodeJS.ProcessEnv,
  warm: (args: string[]) => Promise<unknown>,
): Promise<void> {
  const rows: { case: string; distill: number; lit?: number }[] = [];
  for (const c of cases) {
    await warm(c.distill());
    await warm(c.distill());
    const distill = await instructions(c.distill(), env);
    const lit = c.lit ? await instructions(c.lit(), env) : undefined;
    rows.push({ case: c.name, distill, ...(lit ? { lit } : {}) });
    console.log(c.name, distill, lit);
  }
  const m = (x: number | undefined) => (x === undefined ? '—' : `${(x / 1e6).toFixed(0)} M`);
  const table = [
    '| command, whole process | distill instructions | liteparse instructions | distill ÷ liteparse |',
    '|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.case} | ${m(r.distill)} | ${m(r.lit)} | ${r.lit ? `${(r.distill / r.lit).toFixed(2)}×` : '—'} |`,
    ),
  ].join('\n');
  console.log(table);
  writeSection(
    'speed-cold-instructions',
    `### Cold command line in instructions (\`pnpm bench cold --instructions\`)\n\nThe commands of the table above, each run once under valgrind (callgrind) after an untimed run wrote distill's compile cache, counting the instructions the whole process executed (all its threads). Unlike wall time, a count is the same on a busy machine; it is not a time.\n\n${table}\n`,
    rows,
    machineLine(),
  );
}
