import { type Block, toMarkdown } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { htmlToDoc } from './parser.js';

const md = (html: string, onlyMainContent = false) =>
  toMarkdown(htmlToDoc(html, { onlyMainContent }).blocks).markdown.trimEnd();
const tableOf = (html: string) =>
  htmlToDoc(html, { onlyMainContent: false }).blocks.find((b) => b.kind === 'table') as Extract<
    Block,
    { kind: 'table' }
  >;

describe('Markdown fidelity', () => {
  it('writes a mark once when the same mark nests (no ****x**** nor *-in-* bold)', () => {
    expect(md('<p><strong><b>both</b> bold</strong></p>')).toBe('**both bold**');
    expect(md('<p><i>a <em>b</em></i></p>')).toBe('*a b*');
    expect(md('<p><s><del>x</del></s></p>')).toBe('~~x~~');
    expect(md('<dl><dt><strong>Term</strong></dt><dd>Def</dd></dl>')).toContain('**Term**');
    expect(md('<dl><dt><strong>Term</strong></dt><dd>Def</dd></dl>')).not.toContain('****');
  });

  it('keeps the links of code: the code is cut at each link', () => {
    expect(md('<p><code>List&lt;<a href="https://x.org/Item">Item</a>&gt;</code></p>')).toBe(
      '`List<`[`Item`](https://x.org/Item)`>`',
    );
    const cell = md(
      '<table><tr><th>A</th><th>B</th></tr><tr><td>x</td><td><pre>See <a href="https://x.org/d">the docs</a> first</pre></td></tr></table>',
    );
    expect(cell).toContain('`See` [`the docs`](https://x.org/d) `first`');
  });

  it('gives an item holding only a list no marker of its own', () => {
    const out = md(
      '<ul><li>Swiss<ul><li style="list-style-type:none"><ul><li>Bern</li><li>Aargau</li></ul></li></ul></li></ul>',
    );
    expect(out.replace(/^\s*[-*] /gm, '* ')).toBe('* Swiss\n* Bern\n* Aargau');
    expect(out).not.toMatch(/[-*] [-*] /);
    const after = md('<ul><li>A</li><li><ul><li>A1</li></ul></li></ul>');
    expect(after.split('\n')).toHaveLength(2);
    expect(after).not.toMatch(/[-*] [-*] /);
  });

  it('folds a row of row-spanning labels into the row below (pivot tables)', () => {
    const t = tableOf(
      '<table><tr><th>Year</th><th>Month</th><th>Sum</th></tr><tr><th rowspan="3">2025</th></tr>' +
        '<tr><td>Jan</td><td>1</td></tr><tr><td>Feb</td><td>2</td></tr></table>',
    );
    expect(t.rows).toHaveLength(3);
    expect(t.rows[1].map((c) => c.content)).toHaveLength(3);
    expect(t.rows[1][0].rowSpan).toBe(2);
  });

  it('cuts a rowspan that reaches past the last row', () => {
    const t = tableOf('<table><tr><td rowspan="9">a</td><td>b</td></tr><tr><td>c</td></tr></table>');
    expect(t.rows[0][0].rowSpan).toBe(2);
  });

  it('keeps a data table repeated on purpose under a heading of its own, with the filter on', () => {
    const table =
      '<table><tr><th>Year</th><th>Revenue in dollars</th></tr><tr><td>2025</td><td>134 thousand</td></tr><tr><td>2026</td><td>150 thousand</td></tr></table>';
    const out = md(`<main><h2>Pivot</h2>${table}<h2>Equivalent table</h2>${table}</main>`, true);
    expect(out.match(/134 thousand/g)).toHaveLength(2);
  });
});

describe('collapsed panels', () => {
  it('reads an accordion panel a control opens, and still drops other hidden content', () => {
    const html =
      '<main><h1>Fire pit</h1><button aria-expanded="false" aria-controls="p1">Description</button>' +
      '<div style="display:none"><div role="region" id="p1">Our most advanced design yet.</div></div>' +
      '<div id="p2" hidden>A tab panel nobody controls.</div><div style="display:none">Tracking text.</div></main>';
    const out = md(html);
    expect(out).toContain('Our most advanced design yet.');
    expect(out).not.toContain('Tracking text');
    expect(out).not.toContain('nobody controls');
  });

  it('does not take aria-controls written in text (a code sample) for a control', () => {
    const html =
      '<main><h1>Disclosure widgets</h1><p>Give the button an attribute:</p><pre><code>&lt;button aria-controls="p2"&gt;</code></pre>' +
      '<p>and the panel an id.</p><div id="p2" hidden>A tab panel nobody controls.</div></main>';
    const out = md(html);
    expect(out).toContain('aria-controls="p2"');
    expect(out).not.toContain('nobody controls');
  });
});
