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

/** How one reader (the fast reader, pdf.js) reads the document information dictionary. */
export interface InfoReader {
  /** An entry's text, NULs dropped and trimmed; undefined when absent or empty. */
  text(key: string): string | undefined;
  /** An entry's date, as ISO 8601. */
  date(key: string): string | undefined;
  /** A Dublin Core field of the XMP packet, asked when the dictionary lacks the entry. */
  xmp(field: 'title' | 'creator'): string | undefined;
  /** The PDF version the file declares. */
  version(): string | undefined;
}

/**
 * Where the information dictionary's entries go in the document's metadata, for both readers.
 * Each field is set as it is read, so an entry that throws keeps those read before it.
 */
export function fillInfo(out: DocMetadata, r: InfoReader): void {
  const title = r.text('Title') ?? r.xmp('title');
  if (title) out.title = title;
  const author = r.text('Author') ?? r.xmp('creator');
  if (author) out.author = author;
  const subject = r.text('Subject');
  if (subject) {
    out.subject = subject;
    out.description = subject;
  }
  const keywords = r.text('Keywords');
  if (keywords) out.keywords = keywords;
  const creator = r.text('Creator');
  if (creator) out.creator = creator;
  const producer = r.text('Producer');
  if (producer) out.producer = producer;
  const created = r.date('CreationDate');
  if (created) out.creationDate = created;
  const modified = r.date('ModDate');
  if (modified) out.modificationDate = modified;
  const lang = r.text('Language');
  if (lang) out.language = lang;
  const version = r.version();
  if (version) out.pdfVersion = version;
}

/** The document information dictionary (and XMP title when the dictionary has none), through pdf.js. */
export async function readMetadata(doc: PdfDocument): Promise<DocMetadata> {
  const out: DocMetadata = {};
  try {
    const { info, metadata } = (await doc.getMetadata()) as unknown as {
      info: Record<string, unknown>;
      metadata: { get(name: string): unknown } | null;
    };
    fillInfo(out, {
      text: (key) => clean(info[key]),
      date: (key) => pdfDateToIso(info[key]),
      xmp: (field) => clean(metadata?.get(`dc:${field}`)),
      version: () => clean(info.PDFFormatVersion),
    });
  } catch {
    // A broken info dictionary never costs the text.
  }
  return out;
}
