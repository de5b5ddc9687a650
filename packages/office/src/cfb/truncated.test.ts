import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DistillError, parse } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { registry } from '../ooxml/testing/corpus.js';

/**
 * Fuzz finding 1 (issue 23): a .doc/.xls/.ppt cut short inside a FAT sector, at a length that
 * is not a multiple of 4, threw a bare `RangeError: Offset is outside the bounds of the
 * DataView` from CfbFile.readFat, and it escaped parse() because format detection ran before
 * parse wrapped errors. Minimised reproducer: the committed round-trip fixtures, truncated at
 * every non-multiple-of-4 offset inside their FAT sectors.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../fixtures/office-roundtrip');

function fatSectorOffsets(bytes: Uint8Array): number[] {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sectorSize = 1 << dv.getUint16(0x1e, true);
  const numFat = Math.min(109, dv.getUint32(0x2c, true));
  const out: number[] = [];
  for (let i = 0; i < numFat; i++) out.push((dv.getUint32(0x4c + i * 4, true) + 1) * sectorSize);
  return out;
}

describe('a compound file truncated inside a FAT sector', () => {
  for (const name of ['roundtrip.doc', 'roundtrip.xls', 'roundtrip.ppt']) {
    it(`${name}: every cut ends in output or a catalogue error, never a bare exception`, async () => {
      const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, name)));
      const cuts: number[] = [];
      for (const off of fatSectorOffsets(bytes)) {
        for (const d of [1, 2, 3, 5, 6, 7, 130, 511]) if (off + d < bytes.length) cuts.push(off + d);
      }
      expect(cuts.length).toBeGreaterThan(0);
      for (const cut of cuts) {
        const input = bytes.slice(0, cut);
        try {
          await parse(input, {}, { filename: name, registry });
        } catch (e) {
          expect(e, `cut at ${cut}`).toBeInstanceOf(DistillError);
          expect((e as DistillError).code, `cut at ${cut}`).not.toBe('UNKNOWN_ERROR');
        }
      }
    });
  }

  it('a bare reader exception is reported as FILE_CORRUPT, also when thrown by detection', async () => {
    // A CFB header whose FAT sector is cut two bytes into the file's last sector.
    const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, 'roundtrip.xls')));
    const off = fatSectorOffsets(bytes)[0];
    const input = bytes.slice(0, off + 6);
    // No filename: the format is found by opening the compound file.
    const err = await parse(input, {}, { registry }).then(
      () => undefined,
      (e: unknown) => e,
    );
    if (err !== undefined) {
      expect(err).toBeInstanceOf(DistillError);
      expect(['FILE_CORRUPT', 'UNSUPPORTED_FILE_TYPE']).toContain((err as DistillError).code);
    }
  });
});
