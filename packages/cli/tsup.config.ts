import { defineConfig } from 'tsup';
import { coldBundle } from '../../scripts/cold-bundle';
import { preset } from '../../tsup.preset';

// bin.ts is the `distill` command; start.ts tunes the process and loads main.ts, the entry
// without the commands (the `distill` package's bin imports start, so nothing loads before a
// command is chosen); index.ts the API. The second build is dist/cold/parse.cjs, the parse
// command in one code-cached file (src/cold/load.ts, scripts/cold-bundle.ts); the first's
// clean leaves it alone, as both builds run at once.
export default defineConfig([
  preset({
    entry: ['src/index.ts', 'src/main.ts', 'src/start.ts', 'src/bin.ts'],
    dts: { entry: ['src/index.ts', 'src/main.ts', 'src/start.ts'] },
    clean: ['!cold/**'],
  }),
  coldBundle(import.meta.dirname ?? new URL('.', import.meta.url).pathname),
]);
