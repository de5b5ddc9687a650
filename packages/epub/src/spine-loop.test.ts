import { ParserRegistry, parse } from '@distill/core';
import { makeZip } from '@distill/core/testing';
import { describe, expect, it } from 'vitest';
import { epubParser } from './parser.js';

/** Issue 23, hostile classics: an EPUB whose spine loops (the same chapters listed over and over). */
const CONTAINER = `<?xml version="1.0"?><container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;
const chapter = (body: string) =>
  `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>${body}</body></html>`;

describe('an EPUB whose spine loops', () => {
  it('100,000 itemrefs cycling over two chapters end in bounded output or a catalogue error, in time', async () => {
    const spine = '<itemref idref="a"/><itemref idref="b"/>'.repeat(50_000);
    const opf = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Loop</dc:title></metadata><manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="b" href="b.xhtml" media-type="application/xhtml+xml"/></manifest><spine>${spine}</spine></package>`;
    const bytes = makeZip(
      [
        ['mimetype', 'application/epub+zip'],
        ['META-INF/container.xml', CONTAINER],
        ['OPS/book.opf', opf],
        ['OPS/a.xhtml', chapter(`<h1>Chapter A</h1><p>${'alpha '.repeat(200)}</p>`)],
        ['OPS/b.xhtml', chapter('<h1>Chapter B</h1><p>beta</p>')],
      ],
      false,
    );
    const t0 = Date.now();
    const registry = new ParserRegistry().register(epubParser);
    const r = await parse(bytes, { timeout: 30_000 }, { registry, filename: 'loop.epub' });
    expect(r.markdown).toContain('Chapter A');
    expect(r.markdown).toContain('Chapter B');
    // Each chapter once: before, every repetition was read again and the parse ran into its timeout.
    expect(r.markdown!.split('Chapter A').length - 1).toBe(1);
    expect(r.warning).toMatch(/lists 99,998 chapters again/);
    expect(Date.now() - t0).toBeLessThan(15_000);
  }, 60_000);
});
