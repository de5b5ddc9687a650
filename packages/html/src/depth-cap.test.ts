import { toMarkdown } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { capNesting } from './depth-cap.js';
import { htmlToDoc } from './parser.js';

describe('nesting cap (as browsers do)', () => {
  it('leaves ordinary pages byte for byte', () => {
    const page = '<html><body><div><ul><li>a<li>b</ul><p>x<br>y</p></div></body></html>';
    expect(capNesting(page)).toEqual({ html: page, capped: false });
  });

  it('converts 100,000 nested lists in linear time, keeping every item, with a warning', () => {
    const n = 100_000;
    const html = `<html><body>${'<ul><li>item '.repeat(n)}${'</li></ul>'.repeat(n)}</body></html>`;
    const warnings: string[] = [];
    const doc = htmlToDoc(html, { onlyMainContent: false, warn: (w) => warnings.push(w) });
    const md = toMarkdown(doc.blocks).markdown;
    expect(md.match(/item/g)?.length).toBe(n);
    expect(warnings.join(' ')).toMatch(/nested deeper than 512/);
  });
});
