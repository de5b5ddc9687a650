import { defaultRegistry } from '@distill/core';
import { epubParsers } from '@distill/epub';
import { htmlParsers } from '@distill/html';
import { officeParsers } from '@distill/office';
import { pdfParser } from '@distill/pdf';

// Importing `distill` registers every parser of this build with the default registry.
// The PDF parser loads pdf.js only when the first PDF arrives.
for (const p of [...htmlParsers, pdfParser, ...officeParsers, ...epubParsers]) defaultRegistry.register(p);

export * from '@distill/core';
