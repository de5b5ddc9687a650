#!/usr/bin/env node
import { processIo, runCli } from './index.js';

runCli(process.argv.slice(2), processIo).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`distill: ${(e as Error).stack ?? e}\n`);
    process.exitCode = 1;
  },
);
