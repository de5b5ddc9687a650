import type { DocMetadata } from '@distill/core';
import type { PdfDocument } from '../pdfjs.js';

/** PDF dates look like D:20230115093000+01'00'; ISO 8601 is what callers can use. */
export function pdfDateToIso(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?'?/.exec(
    value.trim(),
  );
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', tz, th = '00', tm = '00'] = m;
  const zone = !tz || tz === 'Z' || tz === 'z' ? 'Z' : `${tz}${th}:${tm}`;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`;
  return Number.isNaN(Date.parse(iso)) ? undefined : new Date(iso).toISOString();
}

const clean = (v: unknown): string | undefined => {
  if (typeof v !== 'string') return undefined;
  const s = v.replace(/\u0000/g, '').trim();
  return s === '' ? undefined : s;
};

/** The document information dictionary (and XMP title when the dictionary has none). */
export async function readMetadata(doc: PdfDocument): Promise<DocMetadata> {
  const out: DocMetadata = {};
  try {
    const { info, metadata } = (await doc.getMetadata()) as unknown as {
      info: Record<string, unknown>;
      metadata: { get(name: string): unknown } | null;
    };
    const title = clean(info.Title) ?? clean(metadata?.get('dc:title'));
    if (title) out.title = title;
    const author = clean(info.Author) ?? clean(metadata?.get('dc:creator'));
    if (author) out.author = author;
    const subject = clean(info.Subject);
    if (subject) {
      out.subject = subject;
      out.description = subject;
    }
    const keywords = clean(info.Keywords);
    if (keywords) out.keywords = keywords;
    const creator = clean(info.Creator);
    if (creator) out.creator = creator;
    const producer = clean(info.Producer);
    if (producer) out.producer = producer;
    const created = pdfDateToIso(info.CreationDate);
    if (created) out.creationDate = created;
    const modified = pdfDateToIso(info.ModDate);
    if (modified) out.modificationDate = modified;
    const lang = clean(info.Language);
    if (lang) out.language = lang;
    const version = clean(info.PDFFormatVersion);
    if (version) out.pdfVersion = version;
  } catch {
    // A broken info dictionary never costs the text.
  }
  return out;
}
