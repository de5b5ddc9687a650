#!/usr/bin/env node
import * as nodeModule from 'node:module';

// As the `distill` package's bin: Node 22.1+'s compile cache before anything else loads.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

void import('./main.js').then(({ main }) => main());
