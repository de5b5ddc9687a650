import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the "distill-source" condition (a
// name of our own: third-party packages such as eventsource-parser export "source" too), so tests
// run against src/ without a build step (the CLI and worker-thread tests use dist/).
export default defineConfig({
  resolve: { conditions: ['distill-source'] },
  ssr: { resolve: { conditions: ['distill-source'], externalConditions: ['distill-source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'benchmarks/src/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
