import type { Options } from 'tsup';

/**
 * The build every package shares: ESM and CJS with their own declarations (.d.ts for import,
 * .d.cts for require, so CJS consumers get CJS types), Node 20, and shims so that
 * `import.meta.url` works in the CJS build (createRequire and worker URLs use it).
 */
export function preset(options: Options): Options {
  return {
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: false,
    target: 'node20',
    shims: true,
    ...options,
  };
}
