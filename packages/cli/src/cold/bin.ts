import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCommand } from '../run-command.js';

// The `distill` command as installed (dist/cold/bin.cjs; the `distill` package's bin requires
// it): CommonJS, so that a run that never needs an ES module (`distill parse` from its bundle)
// never starts Node's ES module loader. Built with __dirname = dist/cold.

const dist = join(__dirname, '..');
runCommand(dist, () => import(pathToFileURL(join(dist, 'main.js')).href));
