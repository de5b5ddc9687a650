import { htmlParsers } from '@distill/html';
import { defaultRegistry, ParserRegistry } from 'distill';

/**
 * The parsers of this build plus the HTML parser, for tests and benchmarks: the `distill`
 * package registers HTML once the lead wires it in, and until then fixture pages still parse.
 */
export function registryWithHtml(): ParserRegistry {
  const r = new ParserRegistry();
  for (const f of defaultRegistry.formats()) r.register(defaultRegistry.get(f)!);
  for (const p of htmlParsers) if (!r.get(p.formats[0])) r.register(p);
  return r;
}
