import { defaultRegistry } from '@distill/core';
import { htmlParsers } from '@distill/html';

// The lead registers the HTML parser in `distill`; until then the tests register it here.
for (const p of htmlParsers) if (!defaultRegistry.get(p.formats[0])) defaultRegistry.register(p);
