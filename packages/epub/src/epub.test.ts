import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DistillError, ParserRegistry, parse } from '@distill/core';
import { makeZip as writeZip } from '@distill/core/testing';
import { describe, expect, it } from 'vitest';

/** Stored members, as the hostile cases need them byte for byte. */
const makeZip = (files: [string, string | Uint8Array][]) => writeZip(files, false);

import { epubParser, readEpub } from './parser.js';

const corpora = process.env.DISTILL_CORPORA ?? path.resolve(process.cwd(), '../shared/corpora');

async function markdown(bytes: Uint8Array): Promise<{ markdown: string; warning?: string }> {
  const registry = new ParserRegistry().register(epubParser);
  const r = await parse(bytes, {}, { registry, filename: 'book.epub' });
  return { markdown: r.markdown ?? '', warning: r.warning };
}

const CONTAINER = `<?xml version="1.0"?><container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;
const chapter = (body: string) =>
  `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>${body}</body></html>`;
function opf(items: string, spine: string): string {
  return `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Hostile</dc:title><dc:creator>A. Writer</dc:creator></metadata><manifest>${items}</manifest><spine toc="ncx">${spine}</spine></package>`;
}

describe.skipIf(!existsSync(corpora))('EPUB against markitdown’s vector', () => {
  it('passes test.epub’s must_include strings (bullets as this emitter writes them)', async () => {
    const vectors = JSON.parse(
      readFileSync(path.join(corpora, 'office/markitdown/vectors.json'), 'utf8'),
    ) as {
      file: string;
      must_include: string[];
      must_not_include: string[];
    }[];
    const v = vectors.find((x) => x.file === 'test.epub')!;
    const { markdown: md } = await markdown(
      new Uint8Array(readFileSync(path.join(corpora, 'office/markitdown/test.epub'))),
    );
    for (const s of v.must_include) expect(md).toContain(s);
    for (const s of v.must_not_include) expect(md).not.toContain(s);
    expect(md.indexOf('# Chapter 1')).toBeLessThan(md.indexOf('# Chapter 2'));
  });
});

describe('EPUB container, spine and hostile archives', () => {
  it('follows the spine order, takes nav titles for untitled chapters and resolves images inside', async () => {
    const bytes = makeZip([
      ['mimetype', 'application/epub+zip'],
      ['META-INF/container.xml', CONTAINER],
      [
        'OPS/book.opf',
        opf(
          '<item id="b" href="text/b.xhtml" media-type="application/xhtml+xml"/><item id="a" href="text/a.xhtml" media-type="application/xhtml+xml"/><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/><item id="img" href="img/p.png" media-type="image/png"/>',
          '<itemref idref="a"/><itemref idref="b"/>',
        ),
      ],
      [
        'OPS/toc.ncx',
        '<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap><navPoint id="n1"><navLabel><text>First Part</text></navLabel><content src="text/a.xhtml"/></navPoint></navMap></ncx>',
      ],
      ['OPS/text/a.xhtml', chapter('<p>Alpha text <img src="../img/p.png" alt="pic"/></p>')],
      ['OPS/text/b.xhtml', chapter('<h2>Beta</h2><p>Beta text</p>')],
      ['OPS/img/p.png', new Uint8Array([137, 80, 78, 71])],
    ]);
    const { markdown: md } = await markdown(bytes);
    expect(md).toContain('**Authors:** A. Writer');
    expect(md).toMatch(/# First Part\n\nAlpha text !\[pic\]\(OPS\/img\/p\.png\)/);
    expect(md.indexOf('Alpha text')).toBeLessThan(md.indexOf('## Beta'));
    const embedded = readEpub(bytes, { embedImages: true });
    expect(JSON.stringify(embedded.blocks)).toContain('data:image/png;base64,iVBORw==');
  });

  it('refuses ../ paths and skips a missing spine item, with warnings and the rest of the book', async () => {
    const bytes = makeZip([
      ['META-INF/container.xml', CONTAINER],
      [
        'OPS/book.opf',
        opf(
          '<item id="evil" href="../../../etc/passwd" media-type="application/xhtml+xml"/><item id="gone" href="missing.xhtml" media-type="application/xhtml+xml"/><item id="ok" href="ok.xhtml" media-type="application/xhtml+xml"/>',
          '<itemref idref="evil"/><itemref idref="gone"/><itemref idref="nowhere"/><itemref idref="ok"/>',
        ),
      ],
      [
        'OPS/ok.xhtml',
        chapter(
          '<p>Survivor <img src="../../../secret.png" alt="x"/><a href="../../../x.html">escape</a></p>',
        ),
      ],
      ['etc/passwd', 'root:x:0:0'],
    ]);
    const doc = readEpub(bytes);
    const { markdown: md, warning } = await markdown(bytes);
    expect(md).toContain('Survivor');
    expect(md).not.toContain('root:x');
    expect(md).not.toContain('secret.png');
    expect(md).not.toContain('x.html');
    expect(warning).toMatch(/outside the archive/);
    expect(warning).toMatch(/missing/);
    expect(doc.warnings?.length).toBe(3);
  });

  it('refuses a container that points outside the archive, and DRM', async () => {
    const outside = makeZip([['META-INF/container.xml', CONTAINER.replace('OPS/book.opf', '../book.opf')]]);
    expect(() => readEpub(outside)).toThrow(/leaves the archive/);
    const drm = makeZip([
      ['META-INF/container.xml', CONTAINER],
      ['META-INF/rights.xml', '<rights/>'],
    ]);
    const err = (() => {
      try {
        return readEpub(drm);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(DistillError);
    expect((err as DistillError).code).toBe('FILE_ENCRYPTED');
  });

  it('flattens a chapter nested 100,000 lists deep', async () => {
    const depth = 100_000;
    const deep = `${'<ul><li>'.repeat(depth)}bottom${'</li></ul>'.repeat(depth)}`;
    const bytes = makeZip([
      ['META-INF/container.xml', CONTAINER],
      [
        'OPS/book.opf',
        opf('<item id="c" href="c.xhtml" media-type="application/xhtml+xml"/>', '<itemref idref="c"/>'),
      ],
      ['OPS/c.xhtml', chapter(deep)],
    ]);
    const doc = readEpub(bytes);
    expect(JSON.stringify(doc.blocks)).toContain('bottom');
  });

  it('ends a truncated archive in a catalogue error', async () => {
    const bytes = makeZip([['META-INF/container.xml', CONTAINER]]).slice(0, 40);
    await expect(markdown(bytes)).rejects.toBeInstanceOf(DistillError);
  });
});
