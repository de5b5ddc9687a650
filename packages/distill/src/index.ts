import { defaultRegistry } from '@distill/core';
import { epubParsers } from '@distill/epub';
import { officeParsers } from '@distill/office';

// Importing `distill` registers every parser of this build with the default registry.
for (const p of [...officeParsers, ...epubParsers]) defaultRegistry.register(p);

export * from '@distill/core';
