import { defineConfig } from 'tsup';
import { preset } from '../../tsup.preset';

// bin.ts is the `distill` command (the CLI of @distill/cli), so one install gives it.
export default defineConfig(
  preset({
    entry: { index: 'src/index.ts', internals: 'src/internals.ts', bin: 'src/bin.ts' },
    dts: { entry: { index: 'src/index.ts', internals: 'src/internals.ts' } },
  }),
);
