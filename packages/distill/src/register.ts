import { defaultRegistry } from '@distill/core';
import { epubParsers } from '@distill/epub';
import { htmlParsers } from '@distill/html';
import { officeParsers } from '@distill/office';
import { pdfParser } from '@distill/pdf';

// Importing `distill` (or `distill/internals`) registers every parser of this build with the
// default registry (registering twice is harmless). The PDF parser loads pdf.js only when a
// PDF needs it.
for (const p of [...htmlParsers, pdfParser, ...officeParsers, ...epubParsers]) defaultRegistry.register(p);
