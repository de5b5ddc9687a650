import { bomEncoding, DistillError, decodeText, normalizeCharset } from '@distill/core';

/**
 * The charset an HTML page declares in its first bytes (`<meta charset>`, `http-equiv`
 * Content-Type, or an XML declaration), as the HTML spec's prescan finds it.
 */
export function sniffDeclaredCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 16384)).toString('latin1');
  const xml = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  if (xml) return xml[1];
  const re = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/gi;
  const m = re.exec(head);
  if (m) return m[1];
  return undefined;
}

/** Rejects bytes that are plainly not text (images, archives, executables named .html). */
function assertText(bytes: Uint8Array): void {
  if (bomEncoding(bytes)?.encoding.startsWith('utf-16')) return;
  const n = Math.min(bytes.length, 8192);
  let nul = 0;
  let ctl = 0;
  for (let i = 0; i < n; i++) {
    const c = bytes[i];
    if (c === 0) nul++;
    else if (c < 9 || (c > 13 && c < 32 && c !== 27)) ctl++;
  }
  if (n > 0 && (nul > n / 100 || (nul + ctl) / n > 0.05))
    throw new DistillError('FILE_CORRUPT', 'The file is not HTML: it holds binary data');
}

/**
 * Node 20's TextDecoder reads 'windows-1252' as ISO-8859-1, leaving 0x80–0x9F as C1 controls;
 * browsers map them to the Windows-1252 punctuation (– “ ” € …), so do that here.
 */
const CP1252 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function fixC1(text: string): string {
  return /[\u0080-\u009f]/.test(text)
    ? text.replace(/[\u0080-\u009f]/g, (c) => CP1252[c.charCodeAt(0) - 0x80])
    : text;
}

export interface DecodedHtml {
  text: string;
  encoding: string;
}

/** Bytes to text: BOM, then an explicit charset, then the page's own declaration, then a guess. */
export function decodeHtml(bytes: Uint8Array, explicit?: string): DecodedHtml {
  assertText(bytes);
  const declared = normalizeCharset(explicit) ?? normalizeCharset(sniffDeclaredCharset(bytes));
  // A page cannot declare UTF-16 in ASCII-compatible bytes; browsers read it as UTF-8.
  const label = declared?.startsWith('utf-16') && !bomEncoding(bytes) ? 'utf-8' : declared;
  if (label === 'utf-8' && !bomEncoding(bytes))
    return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8' };
  const d = decodeText(bytes, label);
  return { text: d.encoding === 'windows-1252' ? fixC1(d.text) : d.text, encoding: d.encoding };
}
