import { defaultRegistry } from '@distill/core';
import { htmlParsers } from '@distill/html';
import { pdfParser } from '@distill/pdf';

// The lead registers these parsers in `distill`; until then the tests register them here.
for (const p of [...htmlParsers, pdfParser])
  if (!defaultRegistry.get(p.formats[0])) defaultRegistry.register(p);
