export { expandInputs, globToRegExp, walk } from '@distill/batch';
export { parseCommand } from './commands/parse.js';
export type { Io } from './io.js';
export { processIo } from './io.js';
export { COMMANDS, HELP, main, runCli } from './main.js';
export { parseOptionsFromFlags } from './options.js';
export { cliVersion } from './version.js';
