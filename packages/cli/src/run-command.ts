import { runParseBundle } from './cold/load.js';
import { exitWith } from './exit-with.js';
import { prepareProcess } from './prepare.js';

/**
 * Runs the `distill` command from a built dist folder: the process prepared, `parse` from its
 * code-cached bundle when the build made one (cold/load.ts), any other command (or parse with
 * no bundle) through main.js, which `loadMain` imports as the caller can (start.ts is an ES
 * module, cold/bin.ts CommonJS).
 */
export function runCommand(distDir: string, loadMain: () => Promise<{ main(argv: string[]): void }>): void {
  prepareProcess();
  const argv = process.argv.slice(2);
  const bundled = argv[0] === 'parse' ? runParseBundle(distDir, argv) : undefined;
  if (bundled) exitWith(bundled);
  else void loadMain().then(({ main }) => main(argv));
}
