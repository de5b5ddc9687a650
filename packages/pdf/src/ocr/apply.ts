import { DistillError } from '@distill/core';
import { installedLanguages, tesseractCode } from '@distill/ocr';
import type { PageLayout } from '../types.js';
import { inkCheckWanted, ocrReason, textMissesInk, textOnInk } from './decide.js';
import type { OcrPageInfo } from './mark.js';
import { openForRender, renderPage } from './render.js';
import { type OcrSettings, ocrPages } from './run.js';

export type PdfMode = 'fast' | 'auto' | 'ocr';

export interface ApplyOcr {
  mode: PdfMode;
  settings: OcrSettings;
  /** Languages the request or the document declares (`en-US`, `de`): used when installed. */
  languageHints: readonly (string | undefined)[];
  signal: AbortSignal;
  checkpoint: () => void;
  warn: (message: string) => void;
}

/**
 * OCR languages: the explicit setting (or DISTILL_OCR_LANGUAGES), whose missing packages are
 * errors; otherwise the first hinted language whose package is installed, else English, with a
 * warning naming the package a hinted language would need.
 */
export function ocrLanguages(
  settings: OcrSettings,
  hints: readonly (string | undefined)[],
  warn: (m: string) => void,
): string[] {
  if (settings.languages?.length) return settings.languages;
  const env = process.env.DISTILL_OCR_LANGUAGES?.split(/[+,\s]+/).filter(Boolean);
  if (env?.length) return env;
  const wanted = [...new Set(hints.filter((h): h is string => !!h?.trim()).map(tesseractCode))];
  const found = installedLanguages(wanted);
  if (found.length) return [found[0]];
  const missing = wanted.filter((w) => w !== 'eng');
  if (missing.length) {
    warn(
      `OCR read the document as English: language ${missing[0]} needs the npm package @tesseract.js-data/${missing[0]}`,
    );
  }
  return ['eng'];
}

/**
 * Runs OCR where the mode asks for it, replacing those pages' layouts in place, and returns
 * what the OCR'd pages need for confidence and metadata. `fast` never OCRs, `ocr` OCRs every
 * page, `auto` only the pages `ocrReason` picks.
 */
export async function applyOcr(
  bytes: Uint8Array,
  layouts: PageLayout[],
  opts: ApplyOcr,
): Promise<Map<number, OcrPageInfo>> {
  const out = new Map<number, OcrPageInfo>();
  if (opts.mode === 'fast') return out;
  const pages = layouts.filter((l) => opts.mode === 'ocr' || ocrReason(l)).map((l) => l.pageNumber);
  if (opts.mode === 'auto') {
    const check = layouts.filter((l) => !ocrReason(l) && inkCheckWanted(l));
    if (check.length) {
      for (const n of await textOffInk(bytes, check, opts)) pages.push(n);
      pages.sort((a, b) => a - b);
    }
  }
  if (pages.length === 0) return out;
  const languages = ocrLanguages(opts.settings, opts.languageHints, opts.warn);
  let results: Awaited<ReturnType<typeof ocrPages>>;
  try {
    results = await ocrPages(bytes, pages, {
      signal: opts.signal,
      checkpoint: opts.checkpoint,
      warn: opts.warn,
      settings: opts.settings,
      languages,
    });
  } catch (e) {
    if (opts.signal.aborted && !(e instanceof DistillError)) {
      throw new DistillError('REQUEST_TIMEOUT', 'Request Timeout: parsing took longer than the timeout', {
        cause: e,
      });
    }
    throw e;
  }
  for (let i = 0; i < layouts.length; i++) {
    const r = results.get(layouts[i].pageNumber);
    // An unreadable page keeps what its text layer had (a stamp or page number on a scan).
    if (!r || (r.info.empty && layouts[i].chars > 0)) continue;
    layouts[i] = r.layout;
    out.set(r.layout.pageNumber, r.info);
  }
  return out;
}

/** Resolution of the ink check: a line of body text is ten pixels or more tall. */
const INK_CHECK_DPI = 96;

/**
 * Of pages covered by images that kept their text layer, those whose text mostly lies where
 * the rendered page shows nothing (an invisible layer that does not match its scan): they are
 * OCR'd like scans. A page that cannot be rendered keeps its text.
 */
async function textOffInk(bytes: Uint8Array, layouts: PageLayout[], opts: ApplyOcr): Promise<number[]> {
  const out: number[] = [];
  const doc = await openForRender(bytes);
  try {
    for (const l of layouts) {
      opts.checkpoint();
      const page = await doc.getPage(l.pageNumber).catch(() => undefined);
      if (!page) continue;
      try {
        const shot = await renderPage(doc, page, INK_CHECK_DPI);
        const offset = shot.image.length - shot.widthPx * shot.heightPx;
        const share = textOnInk(l, shot.image, offset, shot.widthPx, shot.heightPx, INK_CHECK_DPI / 72);
        if (textMissesInk(share)) {
          opts.warn(
            `PDF page ${l.pageNumber}: its text layer is not what the page shows (${Math.round(share * 100)}% on print), OCR'd instead`,
          );
          out.push(l.pageNumber);
        }
      } catch {
        // Unrenderable: the text layer stays.
      } finally {
        page.cleanup();
      }
    }
  } finally {
    await doc.destroy();
  }
  return out;
}
