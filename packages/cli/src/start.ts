import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand } from './run-command.js';

// The command started from an ES module (this package's dist/bin.js, or a program importing
// @distill/cli/start). The installed `distill` command is dist/cold/bin.cjs, which does the same
// from CommonJS: a CommonJS main file spares Node's ES module loader its start-up.

/** Prepares the process for a command, then loads the command line and runs it. */
export function start(): void {
  runCommand(dirname(fileURLToPath(import.meta.url)), () => import('./main.js'));
}
