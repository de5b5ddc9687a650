import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runParseBundle } from './cold/load.js';
import { exitWith } from './exit-with.js';
import { prepareProcess } from './prepare.js';

// The command started from an ES module (this package's dist/bin.js, or a program importing
// @distill/cli/start). The installed `distill` command is dist/cold/bin.cjs, which does the same
// from CommonJS: a CommonJS main file spares Node's ES module loader its start-up.

/** Prepares the process for a command, then loads the command line and runs it. */
export function start(): void {
  prepareProcess();
  const argv = process.argv.slice(2);
  // `distill parse` runs from its code-cached bundle when the build made one (cold/load.ts).
  const bundled =
    argv[0] === 'parse' ? runParseBundle(dirname(fileURLToPath(import.meta.url)), argv) : undefined;
  if (bundled) exitWith(bundled);
  else void import('./main.js').then(({ main }) => main(argv));
}
