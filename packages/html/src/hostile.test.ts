import { DistillError, ParserRegistry, parse, toMarkdown } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { htmlParser, htmlToDoc } from './parser.js';

const registry = new ParserRegistry().register(htmlParser);

/** Either a document or a catalogue error: never a crash, a hang or a RangeError. */
function outcome(f: () => unknown): 'ok' | string {
  try {
    f();
    return 'ok';
  } catch (e) {
    if (e instanceof DistillError) return e.code;
    throw e;
  }
}

describe('hostile input', () => {
  it('survives 10,000-deep nesting of every structural kind', () => {
    for (const [open, close] of [
      ['<div>', '</div>'],
      ['<ul><li>', '</li></ul>'],
      ['<blockquote>', '</blockquote>'],
      ['<b>', '</b>'],
      ['<span>', '</span>'],
      ['<a href="/x">', '</a>'],
      ['<table><tr><td>', '</td></tr></table>'],
      ['<dl><dd>', '</dd></dl>'],
    ]) {
      const html = `<body>${open.repeat(10_000)}deep text${close.repeat(10_000)}<p>after</p></body>`;
      for (const onlyMainContent of [true, false]) {
        const doc = htmlToDoc(html, { onlyMainContent, baseUrl: 'https://ex.com/' });
        const out = toMarkdown(doc.blocks).markdown;
        expect(out, open).toContain('deep text');
        expect(doc.html?.length).toBeGreaterThan(0);
      }
    }
  }, 120_000);

  it('handles a page of 100,000 links', () => {
    const links = Array.from({ length: 100_000 }, (_, i) => `<a href="/p/${i}">link ${i}</a>`).join(' ');
    const doc = htmlToDoc(`<body><p>${links}</p></body>`, {
      onlyMainContent: false,
      baseUrl: 'https://ex.com/',
    });
    expect(doc.links).toHaveLength(100_000);
    expect(doc.links?.[99_999]).toBe('https://ex.com/p/99999');
    expect(toMarkdown(doc.blocks).markdown).toContain('[link 99999](https://ex.com/p/99999)');
  }, 120_000);

  it('decodes broken encodings to text', () => {
    const junkUtf8 = new Uint8Array([
      ...Buffer.from('<p>ok '),
      0xc3,
      0x28,
      0xe2,
      0x82,
      0xff,
      ...Buffer.from(' end</p>'),
    ]);
    expect(outcome(() => htmlToDoc(junkUtf8, {}))).toBe('ok');
    const bogus = new Uint8Array(Buffer.from('<meta charset="x-no-such-charset"><p>plain</p>'));
    expect(toMarkdown(htmlToDoc(bogus, {}).blocks).markdown).toContain('plain');
    const utf16Label = new Uint8Array(Buffer.from('<meta charset="utf-16"><p>naïve</p>'));
    expect(toMarkdown(htmlToDoc(utf16Label, {}).blocks).markdown).toContain('naïve');
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('<p>wide</p>', 'utf16le')]);
    expect(toMarkdown(htmlToDoc(utf16, {}).blocks).markdown).toContain('wide');
  });

  it('rejects binary junk named .html with a catalogue error', async () => {
    let seed = 7;
    const junk = new Uint8Array(64 * 1024).map(() => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed & 0xff;
    });
    expect(outcome(() => htmlToDoc(junk, {}))).toBe('FILE_CORRUPT');
    await expect(parse({ data: junk, filename: 'x.html' }, {}, { registry })).rejects.toMatchObject({
      code: expect.stringMatching(/FILE_CORRUPT|UNSUPPORTED_FILE_TYPE/),
    });
  });

  it('treats empty and whitespace-only input as an empty document', () => {
    expect(htmlToDoc(new Uint8Array(0), {}).blocks).toEqual([]);
    expect(htmlToDoc('   \n', {}).blocks).toEqual([]);
  });

  it('ends a 50 MB page in output or REQUEST_TIMEOUT', () => {
    const chunk = `<p>${'word '.repeat(2000)}</p>\n`;
    const html = `<body>${chunk.repeat(Math.ceil(50e6 / chunk.length))}</body>`;
    const r = outcome(() => htmlToDoc(html, { deadline: Date.now() + 1000 }));
    expect(['ok', 'REQUEST_TIMEOUT']).toContain(r);
  }, 300_000);
});

describe('through the engine', () => {
  it('parses bytes named .html into markdown, links and metadata, with base64 images replaced', async () => {
    const html =
      '<html lang="en"><head><title>T</title></head><body><nav><a href="/home">Home</a></nav><article><h1>Title</h1><p>First paragraph with enough words to be the main content of this small test page, and a <a href="/more">link</a>.</p><p><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot"></p></article></body></html>';
    const r = await parse(
      { data: new TextEncoder().encode(html), filename: 'page.html' },
      { formats: ['markdown', 'links', 'html', 'rawHtml'] },
      { registry, baseUrl: 'https://ex.com/a/' },
    );
    expect(r.markdown).toContain('# Title');
    // The placeholder's exact spelling is the core emitter's (it currently percent-encodes < >).
    expect(r.markdown).toContain('Base64-Image-Removed');
    expect(r.markdown).not.toContain('iVBORw0KGgo');
    expect(r.markdown).not.toContain('Home');
    expect(r.links).toEqual(['https://ex.com/home', 'https://ex.com/more']);
    expect(r.metadata).toMatchObject({ title: 'T', language: 'en' });
    expect(r.html).toContain('data:image/png;base64');
    expect(r.rawHtml).toBe(html);
  });
});
