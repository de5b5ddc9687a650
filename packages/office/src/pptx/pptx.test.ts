import path from 'node:path';
import { parse } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { CORPORA, hasCorpora, registry, toDoc, toMarkdown } from '../ooxml/testing/corpus.js';
import { pptxWith } from '../ooxml/testing/zip-writer.js';

const docling = (f: string) => path.join(CORPORA, 'office/docling/pptx/sources', f);

describe.skipIf(!hasCorpora)('pptx and pptm', () => {
  it('reads a macro-enabled presentation (tika testPPT.pptm) slide by slide', async () => {
    const md = await toMarkdown(path.join(CORPORA, 'office/tika/testPPT.pptm'));
    expect(md.startsWith('<!-- Slide number: 1 -->\n\n# Attachment Test')).toBe(true);
    expect(md).toContain('<!-- Slide number: 3 -->');
    expect(md).toContain('Rajiv Kumar Nistala');
  });

  it('writes slide markers, titles as headings, bullets as lists and notes', async () => {
    const md = await toMarkdown(docling('powerpoint_sample.pptx'));
    expect(md).toContain('<!-- Slide number: 2 -->\n\n# Second slide title');
    expect(md).toContain('* With foo\n* Bar\n* And baz things');
    expect(md).toContain('1. List item4\n2. List item5\n3. List item6');
    expect(md).toContain('### Notes:\n\nSome notes on the second slide.');
    expect(md).toContain('<th colspan="3">Class1</th>');
  });

  it('turns charts into their title and a data table', async () => {
    const md = await toMarkdown(docling('pptx_chart.pptx'));
    expect(md).toContain('Chart: Wild Duck Observations by Year (Bar chart)');
    expect(md).toContain('|  | Freshwater Ducks | Saltwater Ducks |');
    expect(md).toContain('| 2019 | 120 | 80 |');
  });

  it('keeps slide comments and names pictures after their shapes', async () => {
    const md = await toMarkdown(docling('powerpoint_comments.pptx'));
    expect(md).toContain(
      'Comment (John Reviewer (JR), 2026-01-01T00:00:00): This is a sample reviewer comment\n\nReply (Jane Smith (JS), 2026-06-18T17:35:35.236): This is a sample response',
    );
    expect(md).toContain('Comment (Jane Smith (JS), 2026-06-18T17:37:55.253): This is a cool feature');
    const img = await toMarkdown(path.join(CORPORA, 'office/markitdown/test.pptx'));
    expect(img).toContain('![This phrase of the caption is Human-written.](Picture4.jpg)');
  });

  it('embeds a picture whose part declares a non-image content type by its real type', async () => {
    const file = docling('powerpoint_malformed_pictures.pptx');
    // The PNG part is declared text/plain; slides 1 and 2 have no usable picture at all.
    expect(await toMarkdown(file)).toContain('![](Picture2.jpg)');
    const md = await toMarkdown(file, { removeBase64Images: false });
    expect(md).toContain('(data:image/png;base64,iVBORw0KGgo');
    expect(md.match(/!\[/g)).toHaveLength(1);
  });

  it('counts slides in the metadata', async () => {
    const doc = await toDoc(docling('powerpoint_sample.pptx'));
    expect(doc.metadata.numPages).toBe(3);
  });
});

describe('pptx structure', () => {
  const sp = (name: string, x: number, y: number, paras: string, ph = '') =>
    `<p:sp><p:nvSpPr><p:cNvPr id="9" name="${name}"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="4000000" cy="500000"/></a:xfrm></p:spPr><p:txBody>${paras}</p:txBody></p:sp>`;
  const para = (t: string, pPr = '') => `<a:p><a:pPr ${pPr}/><a:r><a:t>${t}</a:t></a:r></a:p>`;

  it('marks hidden slides, reads columns left then right, groups, levels and notes', async () => {
    const bytes = pptxWith([
      {
        tree:
          sp('Right', 5000000, 1000000, para('right column')) +
          sp('Title', 0, 0, para('The title'), '<p:ph type="title"/>') +
          sp(
            'Left',
            0,
            1000000,
            para('point', 'lvl="0"') + para('sub point', 'lvl="1"'),
            '<p:ph type="body" idx="1"/>',
          ) +
          `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="5" name="Group"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${sp('In group', 0, 3000000, para('grouped text'))}</p:grpSp>`,
        notes: 'Speaker notes here',
      },
      { tree: sp('Only', 0, 0, para('secret slide')), hidden: true },
    ]);
    const md = (await parse(bytes, {}, { filename: 'deck.pptx', registry })).markdown!;
    expect(md).toBe(
      '<!-- Slide number: 1 -->\n\n# The title\n\n* point\n  * sub point\n\nright column\n\ngrouped text\n\n### Notes:\n\nSpeaker notes here\n\n<!-- Slide number: 2 (hidden) -->\n\nsecret slide\n',
    );
  });
});
