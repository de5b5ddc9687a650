#!/usr/bin/env node
// The `distill` command, so that installing `distill` alone gives it (`npx distill parse …`).
// The commands live in @distill/cli; start() tunes the process (packages/cli/src/start.ts), then
// loads the command line, and each command loads only when run.
import { start } from '@distill/cli/start';

start();
