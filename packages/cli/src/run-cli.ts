import type { Io } from './io.js';
import { MissingPackageError } from './optional.js';
import { cliVersion } from './version.js';

// The command line's dispatcher and usage text, apart from the table of commands (main.ts) so
// that a bundle of one command does not pull in every other one.

export const HELP = `Usage: distill <command> [options]

Commands:
  parse <file|dir|glob>...   convert documents to Markdown (distill parse --help)
  batch <dir|glob>... --out  convert many files on all cores, resumable, or on a Redis queue
  worker --queue URL         take batch jobs from a Redis queue
  inspect <file> [--out F]   an HTML page showing pages, layout boxes and Markdown side by side
  serve [--port N]           serve the /v2 HTTP API (parse, search, scrape)
  mcp [--http]               a Model Context Protocol server (parse, search, scrape tools)
  index <dir> [--index DIR]  build a local search index of a folder of documents
  search "<query>"           search the local index (or a configured provider)
  scrape <url>               scrape a web page or document by URL (fetch or browser)

Options:
  -h, --help      show help
  -v, --version   show the version
`;

export type Command = (argv: string[], io: Io) => Promise<number>;

/**
 * Runs the CLI with `argv` (without node and script) over a table of commands and returns the
 * exit code. The table is a parameter so that the code-cached bundle of `distill parse`
 * (cold/parse-bundle.ts) can hold the parse command alone.
 */
export async function dispatch(argv: string[], io: Io, commands: Record<string, Command>): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd === undefined || cmd === '-h' || cmd === '--help' || cmd === 'help') {
    io.out(HELP);
    return cmd === undefined ? 2 : 0;
  }
  if (cmd === '-v' || cmd === '--version') {
    io.out(`distill ${cliVersion()}\n`);
    return 0;
  }
  // Own keys only: `distill constructor` is an unknown command, not Object's constructor.
  const command = Object.hasOwn(commands, cmd) ? commands[cmd] : undefined;
  if (!command) {
    io.err(`distill: unknown command "${cmd}"\n\n${HELP}`);
    return 2;
  }
  try {
    return await command(rest, io);
  } catch (e) {
    if (e instanceof MissingPackageError) {
      io.err(`distill ${cmd}: ${e.message}\n`);
      return 1;
    }
    // Argument errors from parseArgs (unknown flag, missing value) are usage errors.
    io.err(`distill ${cmd}: ${(e as Error).message}\n`);
    return 2;
  }
}
