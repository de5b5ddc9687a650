#!/usr/bin/env node
// The `distill` command, so that installing `distill` alone gives it (`npx distill parse …`).
// The commands live in @distill/cli, whose CommonJS starter (packages/cli/src/cold/bin.ts) tunes
// the process and runs the command; built as dist/bin.cjs, the package's bin, so that Node's ES
// module loader never starts for a command that needs no ES module.
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * @distill/cli's starter, found as Node finds a dependency (the nearest node_modules up from
 * here) but required by its file: `require('@distill/cli/bin')` goes through the package's
 * "exports", which loads Node's ES module resolver and compiles its largest regular expression,
 * a measurable part of a one-page run. An unusual layout falls back to that.
 */
function cliStarter(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules') {
      const file = join(dir, 'node_modules', '@distill', 'cli', 'dist', 'cold', 'bin.cjs');
      if (existsSync(file)) return file;
    }
    if (dirname(dir) === dir) return require.resolve('@distill/cli/bin');
  }
}

require(cliStarter());
