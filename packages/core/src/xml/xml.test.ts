import { describe, expect, it } from 'vitest';
import { DistillError } from '../errors/distill-error.js';
import { attr, child, children, decodeEntities, descendants, parseXml, saxXml, textContent } from './xml.js';

const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    return e instanceof DistillError ? e.code : `not a DistillError: ${e}`;
  }
  return undefined;
};

describe('XML reader: entities', () => {
  it('decodes the five predefined entities and numeric references', () => {
    expect(decodeEntities('&lt;a&gt; &amp; &quot;b&quot; &apos;c&apos;')).toBe('<a> & "b" \'c\'');
    expect(decodeEntities('&#65;&#x42;&#X43;&#8364;&#x1F600;')).toBe('ABC€😀');
  });
  it('keeps unknown names as written and replaces impossible code points', () => {
    expect(decodeEntities('&nbsp; &copy; &unknown;')).toBe('&nbsp; &copy; &unknown;');
    expect(decodeEntities('&#0; &#xD800; &#x110000;')).toBe('\uFFFD \uFFFD \uFFFD');
    expect(decodeEntities('a & b; &;&#;&#x;')).toBe('a & b; &;&#;&#x;');
  });
  it('stays linear on millions of references', () => {
    const s = '&amp;'.repeat(2_000_000);
    expect(decodeEntities(s)).toHaveLength(2_000_000);
  });
  it('never declares or expands an entity: billion laughs and external entities stay inert', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">' +
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;">]><lolz>&lol3;</lolz>';
    expect(textContent(parseXml(laughs))).toBe('&lol3;');
    const xxe = '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>';
    expect(textContent(parseXml(xxe))).toBe('&x;');
  });
});

describe('XML reader: structure', () => {
  it('reads attributes in double, single and no quotes, with entities and > inside values', () => {
    const el = parseXml(`<a x="1 &amp; 2" y='it''s' z=bare w="a>b" flag/>`);
    expect(el.attrs).toMatchObject({ x: '1 & 2', z: 'bare', w: 'a>b', flag: '' });
    expect(el.children).toEqual([]);
  });
  it('passes CDATA through verbatim and skips comments and processing instructions', () => {
    const el = parseXml('<?xml version="1.0"?><r><!-- <x/> -->a<![CDATA[<b>&amp;</b>]]>c<?pi data?></r>');
    expect(el.children).toEqual(['a<b>&amp;</b>c']);
  });
  it('finds elements by qualified or local name across namespaces', () => {
    const el = parseXml(
      '<w:document xmlns:w="urn:w" xmlns:r="urn:r"><w:body><w:p r:id="7"><w:t>one</w:t></w:p><w:p><w:t>two</w:t></w:p></w:body></w:document>',
    );
    const body = child(el, 'body')!;
    expect(children(body, 'w:p')).toHaveLength(2);
    expect(children(body, 'p')).toHaveLength(2);
    expect(children(body, 'x:p')).toHaveLength(0);
    expect(attr(children(body, 'p')[0], 'id')).toBe('7');
    expect(attr(children(body, 'p')[0], 'r:id')).toBe('7');
    expect(descendants(el, 't').map(textContent)).toEqual(['one', 'two']);
  });
  it('streams open, text and close events in order', () => {
    const events: string[] = [];
    saxXml('<a><b k="v"/>t</a>', {
      open: (n, a, self) => events.push(`open ${n} ${JSON.stringify(a)} ${self}`),
      close: (n) => events.push(`close ${n}`),
      text: (t) => events.push(`text ${t}`),
    });
    expect(events).toEqual(['open a {} false', 'open b {"k":"v"} true', 'close b', 'text t', 'close a']);
  });
});

describe('XML reader: malformed input', () => {
  it('tolerates mismatched closes and closes what is left open at the end', () => {
    const el = parseXml('<a><b><c>x</b>y</a>');
    expect(textContent(el)).toBe('xy');
    expect(textContent(parseXml('<a><b>unfinished'))).toBe('unfinished');
  });
  it('stops at a truncated tag with what it has', () => {
    expect(textContent(parseXml('<a>kept<b attr="never closed'))).toBe('kept');
  });
  it('refuses a part without a root element or with an empty tag name, as FILE_CORRUPT', () => {
    expect(codeOf(() => parseXml('just text'))).toBe('FILE_CORRUPT');
    expect(codeOf(() => parseXml('<!-- only a comment -->'))).toBe('FILE_CORRUPT');
    expect(codeOf(() => parseXml('<a>< b/></a>'))).toBe('FILE_CORRUPT');
  });
  it('refuses more elements than the limit with DECOMPRESSION_LIMIT', () => {
    expect(codeOf(() => parseXml(`<a>${'<b/>'.repeat(11)}</a>`, { maxElements: 10 }))).toBe(
      'DECOMPRESSION_LIMIT',
    );
  });
  it('handles 100,000-deep nesting without recursion', () => {
    const depth = 100_000;
    const el = parseXml(`${'<d>'.repeat(depth)}deep${'</d>'.repeat(depth)}`);
    expect(textContent(el)).toBe('deep');
    expect(descendants(el, 'd')).toHaveLength(depth - 1);
  });
});
