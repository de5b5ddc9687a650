#!/usr/bin/env node
// The `distill` command, so that installing `distill` alone gives it (`npx distill parse …`).
// The commands live in @distill/cli; each loads only when run (@distill/cli/main imports none).
import { main } from '@distill/cli/main';

main();
