import { defineConfig } from 'tsup';
import { preset } from '../../tsup.preset';

export default defineConfig(
  preset({
    entry: {
      index: 'src/index.ts',
      'client/index': 'src/client/index.ts',
      'parse-worker': 'src/parse-worker.ts',
    },
    dts: { entry: { index: 'src/index.ts', 'client/index': 'src/client/index.ts' } },
  }),
);
