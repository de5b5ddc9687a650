import { basename } from 'node:path';
import { chunksJsonl, expandInputs, type InputFile, imageFilesFor, writeOutputsSync } from '@distill/batch';
import {
  DEFAULT_LIBRARY_MAX_BYTES,
  type ParseOptionsInput,
  type ParseResult,
  parse,
  parseOptionsSchema,
  type RuntimeOptions,
  readInputFileSync,
  toDistillError,
  validateMemo,
} from 'distill/internals';
import type { Io } from '../io.js';
import { flagError, terminalError } from '../messages.js';
import {
  IMAGES_FLAG,
  IMAGES_FLAG_HELP,
  PARSE_FLAGS,
  PARSE_FLAGS_HELP,
  parseOptionsFromFlags,
} from '../options.js';
import { pageProgress } from '../page-progress.js';
import { parseFlags } from '../plain-args.js';
import {
  type ConvertOne,
  convertWithHelpers,
  type FileReport,
  filesAtOnce,
  inLanes,
  PARSE_HELPER_ARG,
  type ParseJob,
  processCount,
  runParseHelper,
} from './parse-helpers.js';

export const PARSE_HELP = `Usage: distill parse <file|dir|glob>... [--out DIR] [--json] [options]

Converts documents to Markdown. With one input and no --out, prints to stdout.
With --out, writes <out>/<input file name>.md (and .html, .json as asked), mirroring the
subfolders of a directory input. A file that fails prints its error and the run goes on;
the exit code is 1 if any file failed.

  --out DIR                 output folder
  -c, --concurrency N       processes converting the files of a folder (default: the
                            machine's cores, one per 8 files at most)
  --json                    write (or print) the whole result as JSON
  --progress                show page progress on stderr (on by default when it is a terminal)
${IMAGES_FLAG_HELP}
${PARSE_FLAGS_HELP}`;

/**
 * One file, read and (by the caller) written without leaving the thread: the command converts
 * files one after another, so asynchronous I/O would only add round trips through libuv's
 * thread pool, which a busy machine makes wait for a core. The library's parse(path) reads the
 * same way otherwise (same limit, same errors, same name).
 */
function parseFile(path: string, options: ParseOptionsInput, runtime: RuntimeOptions): Promise<ParseResult> {
  const data = readInputFileSync(path, DEFAULT_LIBRARY_MAX_BYTES);
  return parse({ data, filename: basename(path) }, options, runtime);
}

type Progress = ReturnType<typeof pageProgress>;

/** Converts file `i` of a job to its outputs below `--out`; a failure is reported, never thrown. */
function fileConverter(progressFor?: (path: string) => Progress): ConvertOne {
  return async (job, i) => {
    const file = job.files[i] as InputFile;
    if (file.skip)
      return { i, ok: false, text: `error ${file.path}: ${file.skip.code}: ${file.skip.message}\n` };
    const t0 = Date.now();
    const progress = progressFor?.(file.path);
    try {
      const result = await parseFile(file.path, job.options, {
        ...(job.images ? { imageFiles: imageFilesFor(job.images, job.out, file.outStem) } : {}),
        ...(progress ? { onProgress: progress.update } : {}),
      });
      progress?.done();
      const written = writeOutputsSync(job.out, file.outStem, result, job.json);
      let text = `ok    ${file.path} → ${written.join(', ')} (${Date.now() - t0} ms)\n`;
      if (result.warning) text += `      warning: ${result.warning.replace(/\n/g, '\n      warning: ')}\n`;
      return { i, ok: true, text };
    } catch (e) {
      progress?.done();
      return { i, ok: false, text: `error ${file.path}: ${terminalError(toDistillError(e))}\n` };
    }
  };
}

/** What the entry point that runs the command knows: the built command a helper process runs. */
export interface ParseContext {
  /** dist/cold/bin.cjs of a build; without it (from source) files convert in this process only. */
  helperEntry?: string;
}

export async function parseCommand(argv: string[], io: Io, ctx: ParseContext = {}): Promise<number> {
  if (argv[0] === PARSE_HELPER_ARG) return runParseHelper(argv[1], fileConverter());
  const { values, positionals } = parseFlags({
    args: argv,
    allowPositionals: true,
    options: {
      ...PARSE_FLAGS,
      ...IMAGES_FLAG,
      progress: { type: 'boolean' },
      out: { type: 'string', short: 'o' },
      json: { type: 'boolean' },
      concurrency: { type: 'string', short: 'c' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(`${PARSE_HELP}\n`);
    return 0;
  }
  if (positionals.length === 0) {
    io.err(`distill parse: no input given\n\n${PARSE_HELP}\n`);
    return 2;
  }
  let options: ParseOptionsInput;
  try {
    options = parseOptionsFromFlags(values);
    // Through the memo parse() validates with: the first file's parse finds these options
    // validated already (zod's first parse, in the interpreter, is about 1% of a one-page run).
    validateMemo(parseOptionsSchema, options, 'options');
  } catch (e) {
    io.err(`distill parse: ${flagError(toDistillError(e))}\n`);
    return 2;
  }
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) {
    io.err('distill parse: --concurrency takes a whole number ≥ 1\n');
    return 2;
  }
  const files = expandInputs(positionals);
  const out = values.out;
  let failed = 0;
  let done = 0;
  let single: InputFile | undefined;
  if (!out) {
    // Without --out only one input can go to stdout.
    const all: InputFile[] = [];
    for await (const f of files) {
      if (f.skip) continue;
      all.push(f);
      if (all.length > 1) break;
    }
    if (all.length !== 1) {
      io.err(
        all.length === 0
          ? 'distill parse: no supported input found\n'
          : 'distill parse: several inputs need --out DIR\n',
      );
      return 2;
    }
    single = all[0];
    const progress = pageProgress(io, values.progress === true, single.path);
    try {
      const result = await parseFile(single.path, options, {
        ...(values.images ? { imageFiles: imageFilesFor(values.images) } : {}),
        onProgress: progress.update,
      });
      progress.done();
      io.out(
        values.json
          ? `${JSON.stringify({ success: true, data: result }, null, 2)}\n`
          : result.chunks
            ? chunksJsonl(result.chunks)
            : (result.markdown ?? result.html ?? ''),
      );
      if (result.warning) io.err(`warning: ${single.path}: ${result.warning}\n`);
      return 0;
    } catch (e) {
      progress.done();
      const err = toDistillError(e);
      io.err(`error: ${single.path}: ${terminalError(err)}\n`);
      return 1;
    }
  }
  const started = Date.now();
  let unsupported = 0;
  const list: InputFile[] = [];
  for await (const file of files) {
    if (file.skip?.reason === 'unsupported') unsupported++;
    else list.push(file);
  }
  const job: ParseJob = { files: list, options, out, json: values.json === true, images: values.images };
  const processes = ctx.helperEntry ? processCount(list.length, concurrency, options) : 1;
  const report = (r: FileReport) => {
    io.err(r.text);
    if (r.ok) done++;
    else failed++;
  };
  if (processes > 1 && ctx.helperEntry) {
    // Page progress of one file among several processes' lines would only garble them.
    await convertWithHelpers(ctx.helperEntry, processes, job, fileConverter(), report);
  } else {
    const lanes = filesAtOnce(options);
    // Page progress of one file among several converting at once would only garble the line.
    const convert = fileConverter(
      lanes > 1 ? undefined : (path) => pageProgress(io, values.progress === true, path),
    );
    const ready = new Map<number, FileReport>();
    let printed = 0;
    await inLanes(list.length, lanes, async (i) => {
      ready.set(i, await convert(job, i));
      for (let r = ready.get(printed); r; r = ready.get(printed)) {
        ready.delete(printed++);
        report(r);
      }
    });
  }
  io.err(
    `${done} converted, ${failed} failed${unsupported ? `, ${unsupported} not of a supported format` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s${processes > 1 ? ` (${processes} processes)` : ''}\n`,
  );
  return failed > 0 ? 1 : done === 0 ? 2 : 0;
}
