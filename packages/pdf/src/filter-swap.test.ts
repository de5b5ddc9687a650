import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFast, processFastPage } from './reader/process.js';

/**
 * Issue 23, the three open fuzz hangs: the example PDF (fixtures/example/field-notes.pdf) with
 * one stream's /Filter swapped for /JBIG2Decode: the FontFile2 of either font (objects 64 and 68)
 * or a ToUnicode CMap (71). The fast reader gave the page up to pdf.js, whose JBIG2 decoder run
 * over font bytes grew past 4 GB and never reached a timeout check. The reproducer is that one
 * swap in the 29 KB example (no smaller file kept the signature: pdf.js needs the real font
 * bytes to blow up); the page is now read here, with a warning naming what was ignored.
 *
 * A font program is read only for the ascent and descent its descriptor lacks: the example's
 * descriptors give both, so the font cases hide /Descent to make the reader go to the program.
 */
const EXAMPLE = resolve(import.meta.dirname, '../../../fixtures/example/field-notes.pdf');

function swapFilter(nth: number, filter: string, hideDescent = false): Uint8Array {
  let s = readFileSync(EXAMPLE).toString('latin1');
  // An unknown key of the same length: offsets stay as the xref gives them.
  if (hideDescent) s = s.replaceAll('/Descent ', '/Dxscent ');
  const all = [...s.matchAll(/\/Filter\s*\/\w+/g)];
  const m = all[nth];
  return new Uint8Array(
    Buffer.from(s.slice(0, m.index) + `/Filter ${filter}` + s.slice(m.index! + m[0].length), 'latin1'),
  );
}

describe('an image codec on a font or CMap stream is read without pdf.js', () => {
  // `cut` is what the page's cut notes must say; `notCut` what they must not (a font program
  // whose descriptor gives ascent and descent is not decoded, so nothing is cut for it).
  for (const { nth, hideDescent, cut, notCut } of [
    { nth: 1, hideDescent: true, cut: /font program of .*DejaVuSerif-Bold is encoded with JBIG2Decode/ },
    { nth: 3, hideDescent: true, cut: /font program of .*DejaVuSerif is encoded with JBIG2Decode/ },
    { nth: 4, hideDescent: false, cut: /ToUnicode CMap of font .*DejaVuSerif is encoded with JBIG2Decode/ },
    { nth: 1, hideDescent: false, notCut: /font program/ },
    { nth: 3, hideDescent: false, notCut: /font program/ },
  ]) {
    const what = cut ? 'the cut noted' : 'nothing cut (descriptor gives the metrics)';
    it(`stream ${nth} swapped to /JBIG2Decode: the page is read by the fast reader, ${what}`, async () => {
      const opened = await openFast(swapFilter(nth, '/JBIG2Decode', hideDescent));
      expect('doc' in opened).toBe(true);
      if (!('doc' in opened)) return;
      const out = processFastPage(opened.doc, 1);
      expect('layout' in out, JSON.stringify(out)).toBe(true);
      if (!('layout' in out)) return;
      expect(out.layout.reader).toBe('fast');
      expect(JSON.stringify(out.layout.blocks)).toContain('Field Notes');
      const notes = out.layout.cut?.join('; ') ?? '';
      if (cut) expect(notes).toMatch(cut);
      if (notCut) expect(notes).not.toMatch(notCut);
    });
  }

  it('every image codec on every stream of the example leaves the fast reader in charge', async () => {
    for (let nth = 0; nth < 5; nth++)
      for (const f of ['/JBIG2Decode', '/DCTDecode', '/JPXDecode', '/CCITTFaxDecode']) {
        const opened = await openFast(swapFilter(nth, f));
        if (!('doc' in opened)) continue;
        expect('layout' in processFastPage(opened.doc, 1), `${nth} ${f}`).toBe(true);
      }
  });
});
