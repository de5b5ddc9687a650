import { type DefaultTreeAdapterMap, defaultTreeAdapter, Parser, type ParserOptions } from 'parse5';
import { describe, expect, it } from 'vitest';
import { RunParser } from './run-tokenizer.js';

type AnyNode = DefaultTreeAdapterMap['node'] & Record<string, unknown>;

/** The tree as lines (names, text, attributes, namespaces, source locations), in document order. */
function dump(n: AnyNode, out: string[] = []): string[] {
  out.push(
    `${n.nodeName} ${JSON.stringify(n.value ?? n.data ?? '')} ${JSON.stringify(n.attrs ?? null)} ${n.namespaceURI ?? ''} ${JSON.stringify(n.sourceCodeLocation ?? null)}`,
  );
  for (const c of (n.childNodes as AnyNode[] | undefined) ?? []) dump(c, out);
  if (n.content) dump(n.content as AnyNode, out);
  out.push('/');
  return out;
}

/** Parses `html` written in chunks of `chunk` characters (the whole at once when 0). */
function tree(P: typeof Parser<DefaultTreeAdapterMap>, html: string, chunk: number, locations: boolean) {
  const options: ParserOptions<DefaultTreeAdapterMap> = {
    scriptingEnabled: false,
    treeAdapter: defaultTreeAdapter,
    sourceCodeLocationInfo: locations,
  };
  const p = new P(options);
  if (!chunk) p.tokenizer.write(html, true);
  else
    for (let i = 0; i < html.length; i += chunk)
      p.tokenizer.write(html.slice(i, i + chunk), i + chunk >= html.length);
  return dump(p.document as AnyNode);
}

const PARTS = [
  'Plain words ',
  '  \n\t ',
  '\r\n',
  '\r',
  'x\0y',
  '&amp;',
  '&notanentity;',
  '&copy',
  'a & b',
  '😀',
  '\ud800',
  'é ü',
  '<p>',
  '</p>',
  '<DIV Class="A b">',
  '</div>',
  '<a href="/x?a=1&amp;b=2" title=\'it&#39;s\'>',
  '</a>',
  '<img src=a.png alt=unquoted>',
  '<span data-x="line\r\nbreak" ID=k>',
  '</span>',
  '<pre>\n',
  '</pre>',
  '<table> <tr> <td>',
  '</td></tr></table>',
  '<textarea>\r\nraw <b>',
  '</textarea>',
  '<!-- c -->',
  '<script>if (a < b) {}</script>',
  '<svg><title>t</title><foreignObject><p>x</p></foreignObject></svg>',
  '<math><mi>x</mi></math>',
  '<b><i>mis</b>nested</i>',
  '<br/>',
  '< notatag',
  '</ 3>',
  '<x-y:z Foo:Bar="1" a"b=2 =c>',
  '<input value="a\0b">',
];

describe('RunParser (parse5 reading plain runs at once)', () => {
  it('builds the tree parse5 builds, with the same source locations, whole or in chunks', () => {
    let seed = 11;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let t = 0; t < 400; t++) {
      let html = t % 3 === 0 ? '<!DOCTYPE html><html><head><title>T</title></head><body>' : '';
      for (let k = rand(40); k >= 0; k--) html += PARTS[rand(PARTS.length)];
      const chunk = [0, 1, 3, 7, 64][rand(5)];
      const locations = rand(2) === 0;
      expect(tree(RunParser, html, chunk, locations), html).toEqual(tree(Parser, html, chunk, locations));
    }
  });
});
