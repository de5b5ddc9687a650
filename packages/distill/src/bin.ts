#!/usr/bin/env node
// The `distill` command, so that installing `distill` alone gives it (`npx distill parse …`).
// The commands live in @distill/cli; heavy parts (server, browser, Redis) load only when run.
import { main } from '@distill/cli';

main();
