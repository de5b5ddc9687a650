import { describe, expect, it } from 'vitest';
import { decodeEntities, parseXml } from './xml.js';

/**
 * Issue 23, fuzz seed 23 case 3794: an xlsb relationships part with an attribute of four
 * million `&amp;` took over a minute in one synchronous stretch (past the parse timeout). Long
 * text now decodes through one buffer; it must read exactly as the short-text path does.
 */
describe('decodeEntities on long text', () => {
  const samples = [
    'a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;',
    '&#65;&#x42;&#X43; &#0; &#xD800; &#1114112; &#x1F600;',
    '&unknown; &amp &; &;; &#; &#x; &#12a; &&amp;amp; &amp;lt;',
    `&${'x'.repeat(40)}; &${'y'.repeat(31)}; tail &`,
  ];

  it('gives what the short-text path gives, piece by piece', () => {
    // Repeated past the large-text threshold, the result is the short result repeated.
    for (const s of samples) {
      const small = decodeEntities(s);
      const sep = '|';
      const big = decodeEntities(Array.from({ length: 5000 }, () => s).join(sep));
      expect(big).toBe(Array.from({ length: 5000 }, () => small).join(sep));
    }
  });

  it('an attribute of four million &amp; is read whole', () => {
    const xml = `<r a="${'&amp;'.repeat(4_000_000)}"/>`;
    const root = parseXml(xml);
    expect(root.attrs.a.length).toBe(4_000_000);
    expect(root.attrs.a.slice(0, 3)).toBe('&&&');
  }, 120_000);
});
