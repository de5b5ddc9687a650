import { join } from 'node:path';
import { parseCommand } from '../commands/parse.js';
import { dispatch } from '../run-cli.js';
import { fdIo } from './fd-io.js';

// The entry of dist/cold/parse.cjs: `distill parse` with everything it runs (our packages, zod,
// the HTML parser) in one CommonJS file, which start.ts compiles with a V8 code cache (see
// load.ts). Only the parse command is in it: the other commands load as ES modules.

/** Runs `distill parse …` (argv starts with "parse") and returns the exit code. */
export function run(argv: string[]): Promise<number> {
  // Helper processes of a folder run the command beside this bundle (dist/cold).
  const helperEntry = join(__dirname, 'bin.cjs');
  return dispatch(argv, fdIo, { parse: (args, io) => parseCommand(args, io, { helperEntry }) });
}
