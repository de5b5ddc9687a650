import { defineConfig } from 'tsup';
import { preset } from '../../tsup.preset';

// bin.ts is the `distill` command; index.ts the programmatic runCli for other packages.
export default defineConfig(
  preset({ entry: ['src/index.ts', 'src/bin.ts'], dts: { entry: 'src/index.ts' } }),
);
