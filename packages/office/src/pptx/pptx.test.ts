import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPORA, hasCorpora, toDoc, toMarkdown } from '../ooxml/testing/corpus.js';

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
    expect(md).toContain('- With foo\n- Bar\n- And baz things');
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
      'Comment (John Reviewer (JR), 2026-01-01T00:00:00): This is a sample reviewer comment',
    );
    const img = await toMarkdown(path.join(CORPORA, 'office/markitdown/test.pptx'));
    expect(img).toContain('![This phrase of the caption is Human-written.](Picture4.jpg)');
  });

  it('counts slides in the metadata', async () => {
    const doc = await toDoc(docling('powerpoint_sample.pptx'));
    expect(doc.metadata.numPages).toBe(3);
  });
});
