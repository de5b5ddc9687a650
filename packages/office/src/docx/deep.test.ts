import { DistillError, parse } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { registry } from '../ooxml/testing/corpus.js';
import { docxWith } from '../ooxml/testing/zip-writer.js';

/**
 * Fuzz finding 3 (issue 23): deep DOCX structure lost text silently or overflowed the stack.
 * 100,000 nested tables gave 0 characters and no warning (convert returned nothing past depth
 * 40); 100,000 nested unknown elements inside a paragraph, the same; 100,000 nested w:sdt
 * ended as FILE_CORRUPT "Maximum call stack size exceeded". Past the cap the text is now kept
 * as plain paragraphs, with a warning.
 */
const N = 100_000;

async function run(body: string) {
  const r = await parse(docxWith(body), {}, { filename: 'deep.docx', registry });
  return { markdown: r.markdown ?? '', warning: r.warning ?? '' };
}

describe('100,000-deep DOCX structure keeps its text and says what it flattened', () => {
  it('nested tables', async () => {
    const open = '<w:tbl><w:tr><w:tc>';
    const close = '<w:p/></w:tc></w:tr></w:tbl>';
    const body = `<w:p><w:r><w:t>top</w:t></w:r></w:p>${open.repeat(N)}<w:p><w:r><w:t>innermost words</w:t></w:r></w:p>${close.repeat(N)}<w:p><w:r><w:t>after</w:t></w:r></w:p>`;
    const r = await run(body);
    expect(r.markdown).toContain('top');
    expect(r.markdown).toContain('innermost words');
    expect(r.markdown).toContain('after');
    expect(r.warning).toMatch(/nested deeper than 40 levels/);
  }, 120_000);

  it('nested unknown elements inside a paragraph', async () => {
    const body = `<w:p>${'<w:x>'.repeat(N)}<w:r><w:t>buried text</w:t></w:r>${'</w:x>'.repeat(N)}</w:p>`;
    const r = await run(body);
    expect(r.markdown).toContain('buried text');
    expect(r.warning).toMatch(/nested deeper than 40 levels/);
  }, 120_000);

  it('nested content controls (w:sdt) in the body, in a paragraph and in a table', async () => {
    const blockSdt = `${'<w:sdt><w:sdtContent>'.repeat(N)}<w:p><w:r><w:t>block control</w:t></w:r></w:p>${'</w:sdtContent></w:sdt>'.repeat(N)}`;
    const inlineSdt = `<w:p>${'<w:sdt><w:sdtContent>'.repeat(N)}<w:r><w:t>inline control</w:t></w:r>${'</w:sdtContent></w:sdt>'.repeat(N)}</w:p>`;
    const rowSdt = `<w:tbl>${'<w:sdt><w:sdtContent>'.repeat(N)}<w:tr><w:tc><w:p><w:r><w:t>row control</w:t></w:r></w:p></w:tc></w:tr>${'</w:sdtContent></w:sdt>'.repeat(N)}</w:tbl>`;
    for (const [body, want] of [
      [blockSdt, 'block control'],
      [inlineSdt, 'inline control'],
      [rowSdt, 'row control'],
    ] as const) {
      const r = await run(body).catch((e: unknown) => ({
        markdown: '',
        warning: `${(e as DistillError).code}: ${(e as Error).message}`,
      }));
      expect(r.markdown, r.warning).toContain(want);
    }
  }, 180_000);

  it('an unknown wrapper at ordinary depth keeps its runs, and says so', async () => {
    const r = await run('<w:p><w:customThing><w:r><w:t>kept</w:t></w:r></w:customThing></w:p>');
    expect(r.markdown.trim()).toBe('kept');
    expect(r.warning).toMatch(/^DOCX: <w:customThing> is not an element this reader knows/);
  });

  it('is never a bare exception', async () => {
    const body = '<w:tbl><w:tr><w:tc>'.repeat(N);
    await parse(docxWith(body), {}, { filename: 'open.docx', registry }).catch((e: unknown) => {
      expect(e).toBeInstanceOf(DistillError);
    });
  }, 120_000);
});
