/**
 * Writes small PDFs byte by byte for tests: hostile shapes (huge pages, many runs, nested
 * forms) that no office tool would produce. Objects are numbered from 1 in order; the last
 * one must be the catalog's pages tree user, and object 1 is always the catalog.
 */
export function buildPdf(
  objects: (string | { dict: string; stream: string })[],
  opts: { trailer?: string } = {},
): Uint8Array {
  const parts: string[] = ['%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n'];
  const offsets: number[] = [];
  let length = Buffer.byteLength(parts[0], 'latin1');
  objects.forEach((o, i) => {
    offsets.push(length);
    const body =
      typeof o === 'string'
        ? o
        : `${o.dict.replace(/>>\s*$/, '')} /Length ${Buffer.byteLength(o.stream, 'latin1')} >>\nstream\n${o.stream}\nendstream`;
    const text = `${i + 1} 0 obj\n${body}\nendobj\n`;
    parts.push(text);
    length += Buffer.byteLength(text, 'latin1');
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n'];
  for (const off of offsets) xref.push(`${String(off).padStart(10, '0')} 00000 n \n`);
  parts.push(...xref);
  parts.push(
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${opts.trailer ?? ''} >>\nstartxref\n${length}\n%%EOF\n`,
  );
  return new Uint8Array(Buffer.from(parts.join(''), 'latin1'));
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** A document of pages, each given as its content stream; the font is Helvetica as /F1. */
export function simplePdf(
  pages: string[],
  opts: {
    mediaBox?: [number, number, number, number];
    info?: string;
    extra?: (string | { dict: string; stream: string })[];
    resources?: string;
    /** More entries of the catalog, such as `/PageLabels << /Nums [0 << /S /r >>] >>`. */
    catalog?: string;
  } = {},
): Uint8Array {
  const n = pages.length;
  // 1 catalog, 2 pages, 3 font, then per page: page, content; then extras; then info.
  const box = (opts.mediaBox ?? [0, 0, 612, 792]).join(' ');
  const objects: (string | { dict: string; stream: string })[] = [
    `<< /Type /Catalog /Pages 2 0 R ${opts.catalog ?? ''}>>`,
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + 2 * i} 0 R`).join(' ')}] /Count ${n} >>`,
    FONT,
  ];
  pages.forEach((content, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [${box}] /Resources << /Font << /F1 3 0 R >> ${opts.resources ?? ''} >> /Contents ${5 + 2 * i} 0 R >>`,
    );
    objects.push({ dict: '<< >>', stream: content });
  });
  objects.push(...(opts.extra ?? []));
  let trailer = '';
  if (opts.info) {
    objects.push(opts.info);
    trailer = `/Info ${objects.length} 0 R`;
  }
  return buildPdf(objects, { trailer });
}

/** A line of text at (x, y) in points from the bottom-left, `size` points high. */
export const textOp = (x: number, y: number, text: string, size = 12, font = 'F1') =>
  `BT /${font} ${size} Tf ${x} ${y} Td (${text.replace(/([()\\])/g, '\\$1')}) Tj ET\n`;
