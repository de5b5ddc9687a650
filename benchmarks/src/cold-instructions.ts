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
import { callgrindArgs, instructionsIn, mainThreadArgs, mainThreadInstructions } from './callgrind.js';
import { machineLine, writeSection } from './results.js';

/**
 * Instructions executed by `node ...args`: all its threads (child processes not), or with
 * `mainThread` the main thread's outside garbage collections (callgrind.ts, mainThreadArgs).
 */
function instructions(args: string[], env: NodeJS.ProcessEnv, mainThread = false): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'distill-vg-'));
  const log = join(work, 'log.txt');
  const out = join(work, 'callgrind.out');
  const vg = mainThread ? mainThreadArgs(out, log) : callgrindArgs(log);
  return new Promise<number>((done, fail) => {
    const child = spawn('valgrind', [...vg, process.execPath, ...args], {
      stdio: 'ignore',
      env,
    });
    child.once('error', (e) =>
      fail(new Error(`valgrind is needed (apt-get install valgrind): ${e.message}`)),
    );
    child.once('exit', () => {
      const n = mainThread ? mainThreadInstructions(out) : instructionsIn(readFileSync(log, 'utf8'));
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

/** Node's flag that fixes V8's hash seed: hash tables then lay out (and so cost) the same each run. */
const HASH_SEED = '--hash-seed=7';

/**
 * Counts each case once for distill (its compile cache written by an untimed run first, as in
 * the timed bench) and once for LiteParse. `env` is the timed bench's environment; the cache
 * refresh of a run longer than 2 s (load.ts) is left to happen, as it does for a person.
 * With `mainThread`, distill alone, under a fixed hash seed (its cache written under it too),
 * counting the main thread outside collections: a figure that repeats, to compare two builds
 * (callgrind.ts); LiteParse is left out, as its parser's threads are its own.
 */
export async function runColdInstructions(
  cases: InstructionCase[],
  env: NodeJS.ProcessEnv,
  warm: (args: string[]) => Promise<unknown>,
  mainThread = false,
): Promise<void> {
  const rows: { case: string; distill: number; lit?: number }[] = [];
  for (const c of cases) {
    const args = () => (mainThread ? [HASH_SEED, ...c.distill()] : c.distill());
    await warm(args());
    await warm(args());
    const distill = await instructions(args(), env, mainThread);
    const lit = c.lit && !mainThread ? await instructions(c.lit(), env) : undefined;
    rows.push({ case: c.name, distill, ...(lit ? { lit } : {}) });
    console.log(c.name, distill, lit ?? '');
  }
  const m = (x: number | undefined) => (x === undefined ? '—' : `${(x / 1e6).toFixed(0)} M`);
  const table = mainThread
    ? [
        '| command, main thread outside collections | distill instructions |',
        '|---|---|',
        ...rows.map((r) => `| ${r.case} | ${(r.distill / 1e6).toFixed(1)} M |`),
      ].join('\n')
    : [
        '| command, whole process | distill instructions | liteparse instructions | distill ÷ liteparse |',
        '|---|---|---|---|',
        ...rows.map(
          (r) =>
            `| ${r.case} | ${m(r.distill)} | ${m(r.lit)} | ${r.lit ? `${(r.distill / r.lit).toFixed(2)}×` : '—'} |`,
        ),
      ].join('\n');
  console.log(table);
  if (mainThread)
    writeSection(
      'speed-cold-instructions-main',
      `### Cold command line, main thread in instructions (\`pnpm bench cold --instructions --main-thread\`)\n\ndistill's commands of the tables above under \`node ${HASH_SEED}\` (compile cache written under the same flag), each run once under valgrind (callgrind), counting only the main thread's instructions outside V8's garbage collections (\`Heap::CollectGarbage\`). It leaves out what moves from run to run (collections scheduled partly by time, helper threads' share of a scavenge, optimising compiles on their own threads): one PDF repeats to about 0.01%, the folder to about 1% (optimised code arrives from the compiler's thread when it happens to finish), against ±5% for the whole process. It compares two builds; it is neither the whole cost nor a time. The default folder command's helper processes (on more than two cores) are not counted.\n\n${table}\n`,
      rows,
      machineLine(),
    );
  else
    writeSection(
      'speed-cold-instructions',
      `### Cold command line in instructions (\`pnpm bench cold --instructions\`)\n\nThe commands of the table above, each run once under valgrind (callgrind) after an untimed run wrote distill's compile cache, counting the instructions the whole process executed (all its threads). Unlike wall time, a count is the same on a busy machine; it is not a time.\n\n${table}\n`,
      rows,
      machineLine(),
    );
}
