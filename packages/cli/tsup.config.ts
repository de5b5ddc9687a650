import { defineConfig } from 'tsup';
import { preset } from '../../tsup.preset';

// bin.ts is the `distill` command; start.ts tunes the process and loads main.ts, the entry
// without the commands (the `distill` package's bin imports start, so nothing loads before a
// command is chosen); index.ts the API.
export default defineConfig(
  preset({
    entry: ['src/index.ts', 'src/main.ts', 'src/start.ts', 'src/bin.ts'],
    dts: { entry: ['src/index.ts', 'src/main.ts', 'src/start.ts'] },
  }),
);
