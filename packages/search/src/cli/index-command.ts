import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { toDistillError } from 'distill';
import { buildIndex } from '../local/build-index.js';
import type { Io } from './io.js';

export const INDEX_HELP = `Usage: distill index <dir> [--index DIR] [--host HOST] [--json]

Parses every document under <dir> with the engine and writes a BM25 search index that
\`distill search\` (and the server, through DISTILL_INDEX) searches offline. Documents whose
format has no parser in this build are skipped and counted; files that fail are counted apart.

  --index DIR   where the index goes (default: $DISTILL_INDEX, else ./.distill-index, which
                distill search reads by default)
  --host HOST   treat the documents as pages of HOST for site: and the domain filters
                (default: a top folder named like a hostname gives its files that host)
  --json        print the build statistics as JSON
`;

/** The folder an index lives in when none is named: `.distill-index` in the working folder. */
export const defaultIndexDir = (): string => resolve('.distill-index');

export async function indexCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      index: { type: 'string' },
      host: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(INDEX_HELP);
    return 0;
  }
  if (positionals.length !== 1) {
    io.err(`distill index: give exactly one folder\n\n${INDEX_HELP}`);
    return 2;
  }
  const dir = positionals[0];
  const indexDir = values.index ?? process.env.DISTILL_INDEX ?? defaultIndexDir();
  try {
    const r = await buildIndex(dir, indexDir, { host: values.host });
    for (const w of r.warnings) io.err(`warning: ${w}\n`);
    const s = r.stats;
    if (values.json) io.out(`${JSON.stringify({ success: true, index: r.indexFile, stats: s }, null, 2)}\n`);
    else {
      io.out(
        `indexed ${s.indexed} of ${s.files} files (${s.skipped} skipped, ${s.failed} failed), ` +
          `${s.images} images, ${s.papers ?? 0} papers, ${s.terms} terms in ${(s.ms / 1000).toFixed(1)} s → ${r.indexFile}\n`,
      );
    }
    return s.indexed === 0 ? 1 : 0;
  } catch (e) {
    const err = toDistillError(e);
    io.err(`distill index: ${err.code} (${err.status}) ${err.message}\n`);
    return 1;
  }
}
