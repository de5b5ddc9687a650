import { defineConfig } from 'tsup';
import { preset } from '../../tsup.preset';

// bin.ts is the `distill` command; main.ts its entry without the commands (the `distill`
// package's bin imports it, so nothing loads before a command is chosen); index.ts the API.
export default defineConfig(
  preset({
    entry: ['src/index.ts', 'src/main.ts', 'src/bin.ts'],
    dts: { entry: ['src/index.ts', 'src/main.ts'] },
  }),
);
