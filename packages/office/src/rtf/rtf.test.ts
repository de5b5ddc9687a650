import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpus, flat, hasCorpora, markdownOf, markdownOfFile } from '../../test/legacy-support.js';
import { rtfParser } from './parser.js';
import { readRtf } from './reader.js';

const md = (rtf: string) => markdownOf([rtfParser], new TextEncoder().encode(rtf), 'x.rtf');

describe('RTF reader', () => {
  it('reads code pages, hex escapes and \\uN with fallback skipping', async () => {
    const out = await md(
      "{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0 Arial;}{\\f1\\fcharset204 Arial Cyr;}}\\f0 caf\\'e9 \\'93q\\'94 \\uc1\\u8364?\\uc2\\u8730\\'3f\\'3f ok {\\f1 \\'cf\\'f0\\'e8\\'e2\\'e5\\'f2}\\par}",
    );
    expect(out).toContain('café “q” €√ ok Привет');
  });

  it('keeps bold and italic, skips pictures and \\* destinations', async () => {
    const out = await md(
      '{\\rtf1 {\\b bold} and {\\i it}{\\*\\bkmkstart x}{\\pict\\pngblip 89504e47}{\\*\\unknown junk}\\par}',
    );
    expect(out.trim()).toBe('**bold** and *it*');
  });

  it('reads headings from the style sheet, lists from \\listtext, links and footnotes', async () => {
    const out = await md(
      '{\\rtf1{\\stylesheet{\\s0 Normal;}{\\s1 heading 1;}{\\s2 heading 2;}}' +
        '\\pard\\s1 Top\\par\\pard\\s2 Sub\\par' +
        '\\pard{\\listtext 1.\\tab}\\ls1 one\\par{\\listtext 2.\\tab}\\ls1 two\\par' +
        '\\pard{\\listtext \\bullet\\tab}\\ls2\\ilvl0 dot\\par' +
        '\\pard See {\\field{\\*\\fldinst {HYPERLINK "https://example.org/"}}{\\fldrslt {the site}}}.' +
        '{\\super\\chftn}{\\footnote\\pard {\\super\\chftn} A note.}\\par}',
    );
    expect(out).toContain('# Top');
    expect(out).toContain('## Sub');
    expect(out).toMatch(/1\. one\n2\. two/);
    expect(out).toContain('* dot');
    expect(out).toContain('[the site](https://example.org/)');
    expect(out).toContain('[^1]');
    expect(out).toMatch(/\[\^1\]: A note\./);
  });

  it('reads the text of text boxes (\\shptxt) and nothing else of a shape', async () => {
    const out = await md(
      '{\\rtf1 Before {\\shp{\\*\\shpinst\\shpleft0{\\sp{\\sn fillColor}{\\sv 255}}{\\shptxt\\pard Boxed text\\par}}{\\shprslt fallback}} after\\par}',
    );
    expect(out).toContain('Boxed text');
    expect(out).toMatch(/Before +after/);
    expect(out).not.toMatch(/fillColor|255|fallback/);
  });

  it('reads tables row by row with cells separated', async () => {
    const out = await md(
      '{\\rtf1\\trowd\\cellx1000\\cellx2000\\pard\\intbl a\\cell b\\cell\\row\\trowd\\cellx1000\\cellx2000\\pard\\intbl c\\cell d\\cell\\row\\pard after\\par}',
    );
    expect(out).toMatch(/\| a \| b \|/);
    expect(out).toMatch(/\| c \| d \|/);
    expect(out).toContain('after');
  });

  it('survives 100,000 nested groups', async () => {
    const depth = 100_000;
    const out = await md(`{\\rtf1 ${'{'.repeat(depth)}deep${'}'.repeat(depth)}\\par}`);
    expect(out).toContain('deep');
  });

  it('ignores control words named like Object members (\\constructor, \\toString)', async () => {
    expect((await md('{\\rtf1 a\\constructor b\\toString c\\valueOf\\par}')).trim()).toBe('abc');
  });

  it('keeps the text of a footnote the file ends inside', () => {
    const { blocks } = readRtf(new TextEncoder().encode('{\\rtf1 Body{\\footnote Note text'));
    expect(blocks[0]).toMatchObject({
      kind: 'paragraph',
      content: [
        { kind: 'text', text: 'Body' },
        { kind: 'footnoteRef', id: '1' },
      ],
    });
    expect(blocks[1]).toEqual({
      kind: 'footnote',
      id: '1',
      children: [{ kind: 'paragraph', content: [{ kind: 'text', text: 'Note text' }] }],
    });
  });

  it('survives unbalanced and truncated input', async () => {
    expect(await md('{\\rtf1 open {\\b bold')).toContain('open');
    expect(await md('{\\rtf1 }}}}} text\\par')).toBeTypeOf('string');
  });
});

describe.skipIf(!hasCorpora)('RTF against the tika corpus', () => {
  it('reads testRTF.rtf in full (as pandoc does)', async () => {
    expect(flat(await markdownOfFile([rtfParser], corpus('office/tika/testRTF.rtf')))).toBe(
      'Test d’indexation Word',
    );
  });

  it('takes title and author from the \\info group', () => {
    const { metadata } = readRtf(new Uint8Array(readFileSync(corpus('office/tika/testRTF.rtf'))));
    expect(metadata.title).toBe('Test d’indexation Word');
    expect(metadata.author).toBe('Bibliotheque');
  });

  it('separates table cells', async () => {
    const out = await markdownOfFile([rtfParser], corpus('office/tika/testRTFTableCellSeparation.rtf'));
    expect(out).toContain('| a | b |');
    expect(out).toContain('| c | d |');
    expect(out).toContain('| ä | ë |');
    expect(out).toContain('| ö | ü |');
  });

  it('decodes Japanese (Shift_JIS fonts and \\u escapes)', async () => {
    const out = flat(await markdownOfFile([rtfParser], corpus('office/tika/testRTFJapanese.rtf')));
    for (const s of [
      'ゾルゲと尾崎、淡々と最期',
      '古書店で処刑記録見つかる',
      '「何等取乱シタル態度無ク」と記されていた＝渡部富哉さん提供',
      'ＧＨＱ報告書は９３ページあり翻訳中。',
      '(10/17 15:53)',
    ])
      expect(out).toContain(s);
    expect(out).not.toMatch(/[\u0080-\u009f]|‚/);
  });
});
