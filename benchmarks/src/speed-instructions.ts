// pnpm bench speed <pdf|html|office> --instructions
// The warm figure of `pnpm bench speed`, counted in instructions instead of timed: each engine
// runs in its own process under valgrind's callgrind, converts every input once untimed (as a
// warm-up), then the timed passes with instrumentation on. Instructions per pass and per unit,
// every thread of the process counted (a native engine's threads too). On a shared machine the
// count holds when the wall times do not; it is not a time, and is reported beside the timed
// figure, never instead. It measures a change to one engine; between engines it is no ratio of
// time (V8's code and a native library retire instructions at different rates).
import { runInChildCounted } from './child.js';
import { engineByName, enginesFor } from './engines/registry.js';
import type { Kind } from './engines/types.js';
import { machineLine, writeSection } from './results.js';
import { speedInputs } from './speed.js';
import type { SpeedAnswer } from './worker.js';

export async function runSpeedInstructions(
  kind: Kind,
  corpus: string,
  opts: { runs: number; limit?: number; engine?: string },
): Promise<void> {
  const { files, units, unit } = speedInputs(kind, corpus, opts.limit);
  const engines = opts.engine
    ? opts.engine.split(',').map((n) => engineByName(n))
    : enginesFor(kind, 'speed');
  const rows: { engine: string; version: string; perPass: number; errors: number }[] = [];
  for (const e of engines) {
    if (!e) throw new Error(`unknown engine in ${opts.engine}`);
    const mine = e.accepts ? files.filter((f) => e.accepts!(f.ext)) : files;
    const { answer, instructions } = await runInChildCounted<SpeedAnswer>({
      type: 'speed',
      engine: e.name,
      files: mine,
      runs: opts.runs,
      warmup: 0,
      instrument: true,
    });
    const perPass = instructions / opts.runs;
    rows.push({ engine: e.name, version: answer.version, perPass, errors: answer.errors });
    console.log(
      `speed-${kind} ${e.name}: ${(perPass / 1e6).toFixed(0)} M instructions per warm pass, ${(perPass / units / 1e6).toFixed(2)} M per ${unit.replace(/s$/, '')}, errors ${answer.errors}/${mine.length}`,
    );
  }
  const base = rows[0];
  const table = [
    `| engine | version | instructions per warm pass | per ${unit.replace(/s$/, '')} | ÷ ${base.engine} |`,
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.engine} | ${r.version} | ${(r.perPass / 1e6).toFixed(0)} M | ${(r.perPass / units / 1e6).toFixed(2)} M | ${(r.perPass / base.perPass).toFixed(2)}× |`,
    ),
  ].join('\n');
  console.log(table);
  writeSection(
    `speed-${kind}-instructions`,
    `### Warm ${kind} in instructions (\`pnpm bench speed ${kind} --instructions\`)\n\n${files.length} files (${units.toFixed(units < 10 ? 2 : 0)} ${unit}), ${opts.runs} passes after an untimed one, each engine in its own process under callgrind, every thread counted. A count does not move with the machine's load; it is not a time, and between engines not a ratio of times (JIT-compiled JavaScript and native code retire instructions at different rates): it is for measuring a change to one engine.\n\n${table}\n`,
    rows,
    machineLine(),
  );
}
