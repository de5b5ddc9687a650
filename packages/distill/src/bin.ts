#!/usr/bin/env node
// The `distill` command, so that installing `distill` alone gives it (`npx distill parse …`).
// The commands live in @distill/cli; heavy parts (server, browser, Redis) load only when run.
import { processIo, runCli } from '@distill/cli';

runCli(process.argv.slice(2), processIo).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`distill: ${(e as Error).stack ?? e}\n`);
    process.exitCode = 1;
  },
);
