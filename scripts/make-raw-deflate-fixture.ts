// Writes fixtures/pdf-flate/raw-deflate.pdf: two pages whose content streams say /FlateDecode
// but are not zlib data as the PDF reference asks. Page 1 is raw deflate with no zlib header
// (some writers omit it); page 2 is zlib data with a wrong header check byte. pdf.js refuses
// both headers, so these pages came out blank; the reader inflates them raw (reader/filters.ts).
// Run: node --import tsx scripts/make-raw-deflate-fixture.ts
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { buildPdf, textOp } from '../packages/pdf/src/testing/raw-pdf.js';

const page1 = `${textOp(72, 720, 'Raw deflate without a zlib header', 18)}${textOp(72, 690, 'This page is read from a content stream that has no zlib header.')}`;
const page2 = `${textOp(72, 720, 'A broken zlib header check', 18)}${textOp(72, 690, 'This page is read past a header whose check bits are wrong.')}`;
const raw = deflateRawSync(Buffer.from(page1, 'latin1'), { level: 9 });
const badHeader = Uint8Array.from(deflateSync(Buffer.from(page2, 'latin1'), { level: 9 }));
badHeader[1] ^= 0x01;

const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const pdf = buildPdf([
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [4 0 R 6 0 R] /Count 2 >>',
  font,
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
  { dict: '<< /Filter /FlateDecode >>', stream: Buffer.from(raw).toString('latin1') },
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 7 0 R >>',
  { dict: '<< /Filter /FlateDecode >>', stream: Buffer.from(badHeader).toString('latin1') },
]);
const out = resolve(import.meta.dirname, '../fixtures/pdf-flate/raw-deflate.pdf');
writeFileSync(out, pdf);
console.log(`${out}: ${pdf.length} bytes`);
