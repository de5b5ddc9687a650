import { deflateSync, inflateSync } from 'node:zlib';
import { docxWith } from '../../packages/office/src/ooxml/testing/zip-writer.js';
import { buildPdf } from '../../packages/pdf/src/testing/raw-pdf.js';

/** A 16 × 8 JPEG (red left half, blue right half), as a PDF embeds it with DCTDecode. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAIABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAYH/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/EABQBAQAAAAAAAAAAAAAAAAAAAAb/xAAYEQACAwAAAAAAAAAAAAAAAAAAB0SDw//aAAwDAQACEQMRAD8AxdFAYqOdXoP21BszP//Z',
  'base64',
);

/** The RGB samples (4 × 2) of the Flate image of the test PDF, and its soft mask's opacities. */
export const RGB_PIXELS = [
  [200, 30, 20],
  [20, 200, 30],
  [30, 20, 200],
  [250, 250, 250],
  [0, 0, 0],
  [128, 128, 128],
  [255, 0, 255],
  [10, 20, 30],
];
export const MASK = [255, 128, 0, 255, 64, 255, 255, 32];

const bin = (b: Uint8Array) => Buffer.from(b).toString('latin1');
const text = (x: number, y: number, s: string, size = 11) => `BT /F1 ${size} Tf ${x} ${y} Td (${s}) Tj ET\n`;
const prose = (y: number) =>
  [0, 1, 2, 3]
    .map((i) =>
      text(72, y - i * 14, 'Survey notes on the northern shore, read on the falling tide each week.'),
    )
    .join('');

/**
 * A two-page PDF written by hand with the kinds of pictures a PDF holds: a JPEG (DCTDecode) on
 * both pages, captioned; an RGB Flate image with a soft mask (written as an RGBA PNG); and a
 * JBIG2 image no code here decodes (left out with a warning).
 */
export function picturesPdf(): Uint8Array {
  const rgb = Uint8Array.from(RGB_PIXELS.flat());
  const page1 =
    text(72, 740, 'Coastal survey', 18) +
    prose(700) +
    'q 200 0 0 100 72 500 cm /Im1 Do Q\n' +
    text(72, 485, 'Figure 1: Tide gauge at North Point') +
    prose(440) +
    'q 120 0 0 60 72 250 cm /Im2 Do Q\n' +
    text(72, 235, 'Figure 2: Sand bar opacity');
  const page2 = `${prose(740)}q 200 0 0 100 72 500 cm /Im1 Do Q\nq 100 0 0 100 72 300 cm /Im3 Do Q\n${prose(250)}`;
  const xobjects = '/XObject << /Im1 8 0 R /Im2 9 0 R /Im3 11 0 R >>';
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R 6 0 R] /Count 2 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> ${xobjects} >> /Contents 5 0 R >>`,
    { dict: '<< >>', stream: page1 },
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> ${xobjects} >> /Contents 7 0 R >>`,
    { dict: '<< >>', stream: page2 },
    {
      dict: '<< /Type /XObject /Subtype /Image /Width 16 /Height 8 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode >>',
      stream: bin(JPEG),
    },
    {
      dict: '<< /Type /XObject /Subtype /Image /Width 4 /Height 2 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /SMask 10 0 R >>',
      stream: bin(deflateSync(rgb)),
    },
    {
      dict: '<< /Type /XObject /Subtype /Image /Width 4 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode >>',
      stream: bin(deflateSync(Uint8Array.from(MASK))),
    },
    {
      dict: '<< /Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode >>',
      stream: 'not really jbig2',
    },
  ]);
}

/** A 1 × 1 RGBA PNG (the DOCX's picture). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1b0d5e60000000049454e44ae426082',
  'hex',
);

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const drawing = (rid: string, descr: string) =>
  `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:docPr id="1" name="Picture 1" descr="${descr}"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:blipFill><a:blip r:embed="${rid}"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
const para = (t: string) => `<w:p><w:r><w:t>${t}</w:t></w:r></w:p>`;

/** A DOCX with one picture shown twice (one file), with its alt text, and a JPEG once. */
export function picturesDocx(): Uint8Array {
  return docxWith(
    para('Field notes with pictures.') +
      drawing('rPng', 'A red dot') +
      para('The same dot again:') +
      drawing('rPng', 'A red dot') +
      drawing('rJpg', 'Tide gauge'),
    [
      { name: 'word/media/image1.png', data: PNG },
      { name: 'word/media/image2.jpeg', data: JPEG },
    ],
    `<Relationship Id="rPng" Type="${REL}/image" Target="media/image1.png"/><Relationship Id="rJpg" Type="${REL}/image" Target="media/image2.jpeg"/>`,
  );
}

/** Decodes the PNGs this project writes (8-bit, filters None and Up): width, height, channels, pixels. */
export function decodePng(png: Uint8Array): {
  width: number;
  height: number;
  channels: number;
  pixels: Uint8Array;
} {
  const b = Buffer.from(png);
  if (b.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (at < b.length) {
    const len = b.readUInt32BE(at);
    const type = b.subarray(at + 4, at + 8).toString('latin1');
    const data = b.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      channels = ({ 0: 1, 4: 2, 2: 3, 6: 4 } as Record<number, number>)[data[9]] ?? 0;
      if (data[8] !== 8) throw new Error(`bit depth ${data[8]}`);
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i];
      if (filter === 0) pixels[y * stride + i] = v;
      else if (filter === 2) pixels[y * stride + i] = (v + (y > 0 ? pixels[(y - 1) * stride + i] : 0)) & 0xff;
      else throw new Error(`PNG filter ${filter}`);
    }
  }
  return { width, height, channels, pixels };
}
