#!/usr/bin/env node
// The `distill` command, so that installing `distill` alone gives it (`npx distill parse …`).
// The commands live in @distill/cli, whose CommonJS starter (packages/cli/src/cold/bin.ts) tunes
// the process and runs the command; built as dist/bin.cjs, the package's bin, so that Node's ES
// module loader never starts for a command that needs no ES module.
import '@distill/cli/bin';
