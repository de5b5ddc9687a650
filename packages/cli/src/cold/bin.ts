import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exitWith } from '../exit-with.js';
import { prepareProcess } from '../prepare.js';
import { runParseBundle } from './load.js';

// The `distill` command as installed (dist/cold/bin.cjs; the `distill` package's bin requires
// it): CommonJS, so that a run that never needs an ES module (`distill parse` from its bundle)
// never starts Node's ES module loader. Built with __dirname = dist/cold.

prepareProcess();
const argv = process.argv.slice(2);
const dist = join(__dirname, '..');
const bundled = argv[0] === 'parse' ? runParseBundle(dist, argv) : undefined;
if (bundled) exitWith(bundled);
else
  void import(pathToFileURL(join(dist, 'main.js')).href).then(({ main }: typeof import('../main.js')) =>
    main(argv),
  );
