import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { exitWith } from './exit-with.js';
import { type Io, processIo } from './io.js';
import { loadOptional } from './optional.js';
import { type Command, dispatch } from './run-cli.js';

// The `distill` command's entry. It imports no command: each loads when it runs, so `--help`
// and `--version` read three small files, and `distill parse` never compiles the batch pool,
// the inspector, the server or the search code (module loading is most of a cold start).

export { HELP } from './run-cli.js';

/** The built command (dist/cold/bin.cjs) that parse's helper processes run; none from source. */
function builtCommand(): string | undefined {
  const file = fileURLToPath(new URL('./cold/bin.cjs', import.meta.url));
  return existsSync(file) ? file : undefined;
}

/** Every command loads only when run. */
const lazy =
  (load: () => Promise<Command>): Command =>
  async (argv, io) =>
    (await load())(argv, io);

/** Commands by name; each package that adds one (serve, batch, search, scrape) adds a line. */
export const COMMANDS: Record<string, Command> = {
  parse: lazy(async () => {
    const { parseCommand } = await import('./commands/parse.js');
    return (argv, io) => parseCommand(argv, io, { helperEntry: builtCommand() });
  }),
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
export function runCli(
  argv: string[],
  io: Io,
  commands: Record<string, Command> = COMMANDS,
): Promise<number> {
  return dispatch(argv, io, commands);
}

/** The `distill` command's body, shared by this package's bin and the `distill` package's. */
export function main(argv: string[] = process.argv.slice(2)): void {
  exitWith(runCli(argv, processIo));
}
