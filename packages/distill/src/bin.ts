#!/usr/bin/env node
// The `distill` command, so that installing `distill` alone gives it (`npx distill parse …`).
// The commands live in @distill/cli; each loads only when run (@distill/cli/main imports none).
import * as nodeModule from 'node:module';

// Node 22.1+ keeps compiled code of the modules a run loads on disk (in the OS's temporary
// folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so the next cold start skips compiling
// them; Node 20 has no such call and starts as before. It must run before the modules load,
// hence the import() after it.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

void import('@distill/cli/main').then(({ main }) => main());
