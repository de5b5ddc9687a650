import type { DocMetadata } from '@distill/core';
import { fillInfo, pdfDateToIso } from '../extract/metadata.js';
import type { PageInput } from '../types.js';
import { type PageRecord, PdfFile } from './document.js';
import { FontCache } from './fonts.js';
import { decodeTextString, isName, type PdfObject, Stream } from './objects.js';
import { oversizedImagesOf, pageView, readPageInput, viewport } from './page.js';
import { readPageLabels } from './page-labels.js';

export { Unsupported } from './objects.js';

/**
 * The fast reader's face: a PDF opened without pdf.js, its page count, metadata and pages as
 * PageInput. Opening throws Unsupported (encrypted, no catalogue) when pdf.js must do it.
 */
export class FastPdf {
  readonly file: PdfFile;
  private fonts: FontCache;
  private readonly records: PageRecord[];
  private pagesRead = 0;
  /** Images written as files, by object: one file and one encoding per image however often drawn. */
  readonly pictureLinks = new Map<string, string | null>();

  constructor(bytes: Uint8Array) {
    this.file = new PdfFile(bytes);
    this.fonts = new FontCache(this.file);
    this.records = this.file.pages();
  }

  get numPages(): number {
    return this.records.length;
  }

  /** Reads page `n` (1-based). Throws Unsupported when the page needs pdf.js. */
  page(n: number, opts: { pictures?: boolean } = {}): PageInput {
    const rec = this.records[n - 1];
    if (!rec) throw new Error(`no page ${n}`);
    // Objects and fonts are cached per document; a long document drops them every so many
    // pages, so memory stays flat however many pages there are.
    if (++this.pagesRead % 64 === 0) {
      this.file.trimCache();
      this.fonts = new FontCache(this.file);
    }
    return readPageInput(this.file, this.fonts, rec, n, opts);
  }

  /** Page `n`'s size as shown (rotation applied), for a page that could not be read; Letter if unknown. */
  pageSize(n: number): { width: number; height: number } {
    try {
      const rec = this.records[n - 1];
      if (rec) {
        const { view, rotate } = pageView(this.file, rec);
        const vp = viewport(view, rotate);
        return { width: vp.width, height: vp.height };
      }
    } catch {
      // A page box the reader cannot read: the default size, as pdf.js would use.
    }
    return { width: 612, height: 792 };
  }

  /** Page `n`'s images past what OCR decodes (`W × H`), from its resources; [] when unreadable. */
  oversizedImages(n: number): string[] {
    const rec = this.records[n - 1];
    try {
      return rec ? oversizedImagesOf(this.file, rec) : [];
    } catch {
      return [];
    }
  }

  /** The printed page labels (/PageLabels), one per page, or undefined when the document has none. */
  pageLabels(): string[] | undefined {
    return readPageLabels(this.file, this.records.length);
  }

  metadata(): DocMetadata {
    const out: DocMetadata = {};
    try {
      const info = this.file.info();
      const str = (key: string): string | undefined => {
        const v = this.file.resolve(info?.get(key));
        if (!(v instanceof Uint8Array)) return undefined;
        const s = decodeTextString(v)
          .replace(/\u0000/g, '')
          .trim();
        return s === '' ? undefined : s;
      };
      fillInfo(out, {
        text: str,
        date: (key) => pdfDateToIso(str(key)),
        xmp: this.xmp(),
        version: () => {
          const v = this.file.resolve(this.file.catalog.get('Version'));
          return isName(v) && /^\d\.\d$/.test(v.name) && v.name > this.file.version
            ? v.name
            : this.file.version;
        },
      });
    } catch {
      // A broken info dictionary never costs the text.
    }
    return out;
  }

  /** A Dublin Core field of the XMP packet (first entry), or undefined. */
  private xmp(): (field: string) => string | undefined {
    let text: string | undefined;
    return (field) => {
      if (text === undefined) {
        text = '';
        try {
          const m = this.file.resolve(this.file.catalog.get('Metadata') as PdfObject);
          if (m instanceof Stream) text = Buffer.from(this.file.decode(m, 4 << 20)).toString('utf8');
        } catch {
          text = '';
        }
      }
      const block = new RegExp(`<dc:${field}[^>]*>([\\s\\S]*?)</dc:${field}>`).exec(text)?.[1];
      if (!block) return undefined;
      const li = /<rdf:li[^>]*>([\s\S]*?)<\/rdf:li>/.exec(block)?.[1] ?? block;
      const s = li
        .replace(/<[^>]+>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&')
        .trim();
      return s || undefined;
    };
  }
}
