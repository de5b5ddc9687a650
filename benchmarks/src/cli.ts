// pnpm bench quality <suite> [--corpus DIR] [--engine NAME] [--limit N] [--fold a|b]
// pnpm bench speed <pdf|html|office> [--corpus DIR] [--engine NAME] [--runs N] [--limit N] [--no-scaling|--scaling-only] [--sizes a,b] [--scale-timeout S]
//   (office: the scaling part is one 200,000-row sheet)
// pnpm bench cold [--runs N]   (the built CLI as whole processes, beside LiteParse's CLI)
// pnpm bench install   (install size of distill, with and without OCR, beside peers)
// pnpm bench report
import { parseArgs } from 'node:util';
import { runBigSheet } from './big-sheet.js';
import { runCold } from './cold.js';
import type { Kind } from './engines/types.js';
import { runInstallSize } from './install-size.js';
import { corpusDir } from './paths.js';
import { runQuality } from './quality.js';
import { writeReport } from './report.js';
import { runMain } from './run-main.js';
import { runScaling, runSpeed } from './speed.js';

const USAGE = `usage:
  pnpm bench quality <pdf-dpbench|pdf-icdar|html-wcxb|html-trafilatura|office-vectors> [--corpus DIR]
                     [--engine NAME] [--limit N] [--fold a|b]   (tune on one fold, check on the other:
                     pdf suites by sorted-id parity, html suites by a hash of the page id)
  pnpm bench speed <pdf|html|office> [--corpus DIR] [--engine NAME] [--runs N] [--limit N]
                   [--no-scaling | --scaling-only] [--sizes 100,500] [--scale-timeout SECONDS]
  pnpm bench cold [--runs N] [--corpus DIR]
  pnpm bench install
  pnpm bench report`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      corpus: { type: 'string' },
      engine: { type: 'string' },
      limit: { type: 'string' },
      fold: { type: 'string' },
      runs: { type: 'string' },
      'no-scaling': { type: 'boolean' },
      'scaling-only': { type: 'boolean' },
      'scale-timeout': { type: 'string' },
      sizes: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [cmd, suite] = positionals;
  const limit = values.limit ? Number(values.limit) : undefined;
  if (values.help || !cmd) {
    console.log(USAGE);
    return;
  }
  if (cmd === 'quality') {
    if (!suite) throw new Error(USAGE);
    const fold = values.fold;
    if (fold !== undefined && fold !== 'a' && fold !== 'b')
      throw new Error(`--fold a|b, not ${fold}\n${USAGE}`);
    await runQuality(suite, corpusDir(suite, values.corpus), values.engine, limit, fold);
  } else if (cmd === 'speed') {
    if (!['pdf', 'html', 'office'].includes(suite)) throw new Error(USAGE);
    const corpus = corpusDir(suite, values.corpus);
    const runs = values.runs ? Number(values.runs) : 3;
    if (!values['scaling-only'])
      await runSpeed(suite as Kind, corpus, { runs, limit, engine: values.engine });
    // Scaling runs by default for pdf and html (one large input per size); --no-scaling skips it.
    if ((suite === 'pdf' || suite === 'html') && !values['no-scaling']) {
      const sizes = values.sizes?.split(',').map(Number);
      const timeoutSec = values['scale-timeout'] ? Number(values['scale-timeout']) : undefined;
      await runScaling(suite, corpus, { sizes, engine: values.engine, timeoutSec });
    }
    // Office's scaling figure: one 200,000-row sheet, distill only.
    if (suite === 'office' && !values['no-scaling'] && (!values.engine || values.engine === 'distill'))
      await runBigSheet();
  } else if (cmd === 'cold') {
    await runCold({ runs: values.runs ? Number(values.runs) : undefined, corpus: values.corpus });
  } else if (cmd === 'install') {
    await runInstallSize();
  } else if (cmd !== 'report') {
    throw new Error(USAGE);
  }
  console.log(`wrote ${writeReport()}`);
}

runMain(main);
