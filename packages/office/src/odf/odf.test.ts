import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus, flat, hasCorpora, markdownOf, markdownOfFile, nid } from '../../test/legacy-support.js';
import { odfParser } from './parser.js';

const dir = corpus('office/docling/odf');

describe.skipIf(!hasCorpora)('ODF against the docling corpus', () => {
  it('reaches a mean NID of at least 0.90 against the ground truth', async () => {
    const scores: number[] = [];
    for (const f of readdirSync(path.join(dir, 'sources'))) {
      const md = await markdownOfFile([odfParser], path.join(dir, 'sources', f));
      const gt = readFileSync(path.join(dir, 'groundtruth', `${f}.md`), 'utf8');
      scores.push(nid(md, gt));
    }
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    console.log(`odf NID per file ${scores.map((s) => s.toFixed(3)).join(' ')} mean ${mean.toFixed(3)}`);
    expect(mean).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps headings, nested lists and notes of an odt', async () => {
    const md = await markdownOfFile([odfParser], path.join(dir, 'sources/text_document_01.odt'));
    expect(md).toContain('# Title');
    expect(md).toContain('### Heading level 2: A');
    expect(md).toMatch(/2\. numbered list 2\n\s+\* bullet list 2\.1/);
    expect(md).toContain('~~The Extremes of Good and Evil~~');
  });

  it('splits a sheet into one table per region, as for xlsx', async () => {
    const md = await markdownOfFile([odfParser], path.join(dir, 'sources/odf_table_with_title_01.ods'));
    expect(md).toContain(
      '## Sheet1\n\n| Number of freshwater ducks per year |\n| --- |\n\n| Year | Freshwater Ducks |',
    );
    expect(md).not.toContain('|  |  |');
  });

  it('reads slides with titles, tables and notes of an odp', async () => {
    const md = await markdownOfFile([odfParser], path.join(dir, 'sources/odf_presentation_01.odp'));
    expect(md).toContain('<!-- Slide number: 2 -->');
    // The first paragraph sits in a list level with an empty number format: no label shows.
    expect(md).toContain('# Second slide title\n\nLet’s introduce a list\n\n* With foo\n* Bar');
    expect(md).toContain('colspan="3"');
    expect(flat(md)).toContain('Some notes on the second slide.');
    expect(md).not.toContain('TablePreview');
  });

  it('keeps picture paths by default and embeds them as data URIs when base64 images are kept', async () => {
    const file = path.join(dir, 'sources/text_document_03.odt');
    expect(await markdownOfFile([odfParser], file)).toContain('![Owner avatar](Pictures/');
    const bytes = new Uint8Array(readFileSync(file));
    const md = await markdownOf([odfParser], bytes, 'x.odt', { removeBase64Images: false });
    expect(md).toMatch(/!\[Owner avatar\]\(data:image\/png;base64,iVBORw0KGgo/);
  });

  it('reads the tika OOo3 odt in full', async () => {
    const md = flat(await markdownOfFile([odfParser], corpus('office/tika/testODFwithOOo3.odt')));
    // Every line pandoc extracts from this file (checked by hand), plus the rectangle's text.
    for (const s of [
      'Apache Tika Test Document',
      'This is a rather[^1] difficult test document, with interesting features.',
      'Another interesting project is [Solr]',
      'Reference to the title: Apache Tika Test Document',
      'A classic example: a² + b^2 = c^2',
      '1. First item 2. Second item 3. Third item',
      '[Lucene website](http://lucene.apache.org/)',
      '[^1]: This is of course a simple footnote',
      'A rectangle',
    ])
      expect(md).toContain(s);
  });
});
