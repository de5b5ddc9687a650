// Child-process entry: runs one engine over a list of inputs and writes a JSON answer.
import { readFileSync, writeFileSync } from 'node:fs';
import { instrument } from './callgrind.js';
import { childCpuMs } from './child-cpu.js';
import { engineByName } from './engines/registry.js';
import type { ConvertInput, Engine } from './engines/types.js';
import * as util from './engines/util.js';
import { type InputFile, loadInput } from './inputs.js';

export interface ConvertJob {
  type: 'convert';
  engine: string;
  files: InputFile[];
}
export interface ConvertAnswer {
  version: string;
  outputs: { markdown?: string; error?: string; ms: number }[];
}
/** Layout blocks of each file, from engines that give them (Engine.blocks). */
export interface BlocksJob {
  type: 'blocks';
  engine: string;
  files: InputFile[];
}
export interface BlocksAnswer {
  version: string;
  outputs: { blocks?: { page: number; label: string; bbox: number[] }[]; error?: string }[];
}
export interface SpeedJob {
  type: 'speed';
  engine: string;
  files: InputFile[];
  runs: number;
  /** Files converted untimed before anything else (the first `warmup` of `files`). */
  warmup: number;
  /**
   * Whole passes over every file before the timed ones, each timed on its own and returned as
   * `warmupPassMs`: V8 keeps compiling for about three passes of 100 pages, so a warm figure
   * taken after a few files still carries warm-up, while the first of these passes is what a
   * process pays once.
   */
  warmupPasses?: number;
  /**
   * Under callgrind (runInChildCounted): one whole untimed pass after the warm-up, then
   * instrumentation on for the timed passes only, so the count is of warm passes.
   */
  instrument?: boolean;
}
export interface SpeedAnswer {
  version: string;
  passMs: number[];
  /** The whole passes of warm-up (`warmupPasses`), in order: the first is the process's first pass. */
  warmupPassMs: number[];
  /** Per pass: process CPU time (ms, user + system, every thread). */
  passCpuMs: number[];
  /** Per pass, per file: milliseconds (for per-format figures). */
  fileMs: number[][];
  /** Per file: the error of the first pass, if any. */
  fileErrors: (string | null)[];
  errors: number;
  firstError?: string;
  maxRssKb: number;
  childMaxRssKb: number;
  bytes: number;
}
export interface ScaleJob {
  type: 'scale';
  engine: string;
  file: InputFile;
  warmFile?: InputFile;
}
export interface ScaleAnswer {
  version: string;
  ms?: number;
  error?: string;
  outputChars?: number;
  maxRssKb: number;
  childMaxRssKb: number;
}

const PER_DOC_TIMEOUT = 300_000;

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timeout after ${PER_DOC_TIMEOUT} ms`)), PER_DOC_TIMEOUT);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const convertOne = (engine: Engine, input: ConvertInput): Promise<string> =>
  withTimeout(engine.convert(input));

const errText = (e: unknown) =>
  e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e);
const maxRss = () => process.resourceUsage().maxRSS;

async function main() {
  const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as (
    | ConvertJob
    | BlocksJob
    | SpeedJob
    | ScaleJob
  ) & {
    outPath: string;
  };
  const engine = engineByName(job.engine);
  if (!engine) throw new Error(`unknown engine ${job.engine}`);
  const version = await engine.version();
  let answer: ConvertAnswer | BlocksAnswer | SpeedAnswer | ScaleAnswer;
  if (job.type === 'blocks') {
    const blocksOf = engine.blocks;
    if (!blocksOf) throw new Error(`engine ${engine.name} gives no blocks`);
    const outputs: BlocksAnswer['outputs'] = [];
    for (const f of job.files) {
      try {
        outputs.push({ blocks: await withTimeout(blocksOf(loadInput(f))) });
      } catch (e) {
        outputs.push({ error: errText(e) });
      }
    }
    answer = { version, outputs };
  } else if (job.type === 'convert') {
    const outputs: ConvertAnswer['outputs'] = [];
    // Engines that OCR one page per document use every core only with documents in parallel.
    let next = 0;
    const lane = async () => {
      while (next < job.files.length) {
        const i = next++;
        const t = performance.now();
        try {
          const markdown = await convertOne(engine, loadInput(job.files[i]));
          outputs[i] = { markdown, ms: performance.now() - t };
        } catch (e) {
          outputs[i] = { error: errText(e), ms: performance.now() - t };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, engine.concurrency ?? 1) }, lane));
    answer = { version, outputs };
  } else if (job.type === 'speed') {
    const inputs = job.files.map(loadInput);
    const bytes = inputs.reduce((n, i) => n + i.bytes.length, 0);
    let errors = 0;
    let firstError: string | undefined;
    for (const input of inputs.slice(0, job.warmup)) await convertOne(engine, input).catch(() => {});
    const warmupPassMs: number[] = [];
    for (let r = 0; r < (job.warmupPasses ?? 0); r++) {
      const t = performance.now();
      for (const input of inputs) await convertOne(engine, input).catch(() => {});
      warmupPassMs.push(performance.now() - t);
    }
    if (job.instrument) {
      for (const input of inputs) await convertOne(engine, input).catch(() => {});
      instrument(true);
    }
    const passMs: number[] = [];
    const passCpuMs: number[] = [];
    const fileMs: number[][] = [];
    const fileErrors: (string | null)[] = inputs.map(() => null);
    for (let r = 0; r < job.runs; r++) {
      const t = performance.now();
      const c = process.cpuUsage();
      const c0 = childCpuMs();
      const per: number[] = [];
      for (const [i, input] of inputs.entries()) {
        const t1 = performance.now();
        try {
          await convertOne(engine, input);
        } catch (e) {
          if (r === 0) {
            errors++;
            firstError ??= errText(e);
            fileErrors[i] = errText(e);
          }
        }
        per.push(performance.now() - t1);
      }
      passMs.push(performance.now() - t);
      const cpu = process.cpuUsage(c);
      passCpuMs.push((cpu.user + cpu.system) / 1000 + childCpuMs() - c0);
      fileMs.push(per);
    }
    if (job.instrument) instrument(false);
    const speed: SpeedAnswer = {
      version,
      passMs,
      warmupPassMs,
      passCpuMs,
      fileMs,
      fileErrors,
      errors,
      firstError,
      maxRssKb: maxRss(),
      childMaxRssKb: util.childMaxRssKb,
      bytes,
    };
    answer = speed;
  } else {
    if (job.warmFile) await convertOne(engine, loadInput(job.warmFile)).catch(() => {});
    const input = loadInput(job.file);
    const t = performance.now();
    try {
      const md = await convertOne(engine, input);
      answer = {
        version,
        ms: performance.now() - t,
        outputChars: md.length,
        maxRssKb: maxRss(),
        childMaxRssKb: util.childMaxRssKb,
      };
    } catch (e) {
      answer = { version, error: errText(e), maxRssKb: maxRss(), childMaxRssKb: util.childMaxRssKb };
    }
  }
  await engine.close?.();
  writeFileSync(job.outPath, JSON.stringify(answer));
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
