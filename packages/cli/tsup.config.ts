import { defineConfig } from 'tsup';
import { coldBundle } from '../../scripts/cold-bundle';
import { preset } from '../../tsup.preset';

// bin.ts and start.ts start the command from an ES module; main.ts is the entry without the
// commands (each loads when run); index.ts the API. The installed `distill` command is the
// second build, dist/cold/bin.cjs: the same start from CommonJS (src/cold/bin.ts). The third is
// dist/cold/parse.cjs, the parse command in one code-cached file (src/cold/load.ts,
// scripts/cold-bundle.ts). The first build's clean leaves dist/cold alone, as all run at once.
const here = import.meta.dirname ?? new URL('.', import.meta.url).pathname;

export default defineConfig([
  preset({
    entry: ['src/index.ts', 'src/main.ts', 'src/start.ts', 'src/bin.ts'],
    dts: { entry: ['src/index.ts', 'src/main.ts', 'src/start.ts'] },
    clean: ['!cold/**'],
  }),
  {
    entry: { 'cold/bin': 'src/cold/bin.ts' },
    format: ['cjs'],
    outExtension: () => ({ js: '.cjs' }),
    platform: 'node',
    target: 'node20',
    // Its types (it exports nothing) are bin.d.cts beside package.json: a declaration built
    // here would race the first build's declaration clean, which empties dist of them.
    dts: false,
    clean: false,
    shims: false,
    splitting: false,
    banner: { js: '#!/usr/bin/env node' },
  },
  coldBundle(here),
]);
