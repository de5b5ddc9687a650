import { defaultRegistry } from '@distill/core';
import { officeParsers } from '@distill/office';

// Importing `distill` registers every parser of this build with the default registry.
for (const p of officeParsers) defaultRegistry.register(p);

export * from '@distill/core';
