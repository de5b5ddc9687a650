import { toMarkdown } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { htmlToDoc } from './parser.js';

const prose = Array.from(
  { length: 6 },
  (_, i) =>
    `<p>Paragraph ${i} of the product's story, long enough to read as real prose, with commas, clauses, and a point to make.</p>`,
).join('');

/** A product page whose quantity box sits in its label, after `filler` (markup that renders nothing). */
const page = (filler: string) => `<html><body><main><h1>Field Flask</h1>${prose}
  <div><label>Quantity wanted <input type="number" value="1"> ${filler}</label></div><p>Ships in two days.</p>
</main></body></html>`;

const md = (html: string) => toMarkdown(htmlToDoc(html, { onlyMainContent: true }).blocks).markdown;

describe('control labels: the walk under a label is bounded', () => {
  it('drops a label that holds its field', () => {
    const out = md(page('<span><i></i></span>'.repeat(5)));
    expect(out).toContain('Ships in two days.');
    expect(out).not.toContain('Quantity wanted');
  });

  it('looks at no more than 200 nodes under a label: a field past them is not found, the label stays', () => {
    // The walk goes last child first, so the filler is walked before the field.
    const out = md(page('<span><i></i></span>'.repeat(150)));
    expect(out).toContain('Ships in two days.');
    expect(out).toContain('Quantity wanted');
  });
});
