import { type Io, processIo } from './io.js';
import { loadOptional, MissingPackageError } from './optional.js';
import { cliVersion } from './version.js';

// The `distill` command's entry. It imports no command: each loads when it runs, so `--help`
// and `--version` read three small files, and `distill parse` never compiles the batch pool,
// the inspector, the server or the search code (module loading is most of a cold start).

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

type Command = (argv: string[], io: Io) => Promise<number>;

/** Every command loads only when run. */
const lazy =
  (load: () => Promise<Command>): Command =>
  async (argv, io) =>
    (await load())(argv, io);

/** Commands by name; each package that adds one (serve, batch, search, scrape) adds a line. */
export const COMMANDS: Record<string, Command> = {
  parse: lazy(async () => (await import('./commands/parse.js')).parseCommand),
  inspect: lazy(async () => (await import('./commands/inspect.js')).inspectCommand),
  batch: lazy(async () => (await import('./commands/batch.js')).batchCommand),
  worker: lazy(async () => (await import('./commands/worker.js')).workerCommand),
  serve: lazy(async () => (await import('./commands/serve.js')).serveCommand),
  mcp: lazy(async () => (await import('./commands/mcp.js')).mcpCommand),
  index: lazy(async () => (await import('@distill/search')).indexCommand),
  search: lazy(async () => (await import('@distill/search')).searchCommand),
  scrape: lazy(
    async () =>
      (await loadOptional(() => import('@distill/web'), '@distill/web', 'distill scrape')).scrapeCommand,
  ),
};

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function runCli(argv: string[], io: Io): Promise<number> {
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
  const command = Object.hasOwn(COMMANDS, cmd) ? COMMANDS[cmd] : undefined;
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

/** The `distill` command's body, shared by this package's bin and the `distill` package's. */
export function main(argv: string[] = process.argv.slice(2)): void {
  runCli(argv, processIo).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      process.stderr.write(`distill: ${(e as Error).stack ?? e}\n`);
      process.exitCode = 1;
    },
  );
}
