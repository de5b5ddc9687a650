import { DistillError } from '@distill/core';
import type { OcrEngine } from '@distill/ocr';
import { MAX_IMAGE_PIXELS } from '../image-limits.js';
import { loadOcr, OCR_INSTALL_HINT, ocrInstalled } from '../optional.js';
import { pdfEnv } from '../settings.js';
import type { PageLayout } from '../types.js';
import { fastModeNote, inkCheckWanted, ocrReason, textMissesInk, textOnInk } from './decide.js';
import { LARGE_IMAGE, readLargeImages } from './images.js';
import type { OcrPageInfo } from './mark.js';
import { openRenderer } from './renderer.js';
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
  ocr: Pick<typeof import('@distill/ocr'), 'installedLanguages' | 'tesseractCode'>,
  settings: OcrSettings,
  hints: readonly (string | undefined)[],
  warn: (m: string) => void,
): string[] {
  if (settings.languages?.length) return settings.languages;
  const env = pdfEnv.ocrLanguages();
  if (env) return env;
  const wanted = [...new Set(hints.filter((h): h is string => !!h?.trim()).map(ocr.tesseractCode))];
  const found = ocr.installedLanguages(wanted);
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
  if (opts.mode === 'fast') {
    const note = fastModeNote(layouts);
    if (note) opts.warn(note);
    return out;
  }
  // Why each page is read by OCR, kept for the inspector and the metadata: what `auto` saw.
  const reasons = new Map<number, string>();
  for (const l of layouts) {
    const why = opts.mode === 'ocr' ? 'ocr-mode' : ocrReason(l);
    if (why) reasons.set(l.pageNumber, why);
  }
  const pages = [...reasons.keys()];
  if (opts.mode === 'auto') {
    // `reasons` holds every page ocrReason picked: the rest are asked about their ink only.
    const check = layouts.filter((l) => !reasons.has(l.pageNumber) && inkCheckWanted(l));
    if (check.length) {
      for (const n of await textOffInk(bytes, check, opts)) {
        pages.push(n);
        reasons.set(n, 'text-not-on-ink');
      }
      pages.sort((a, b) => a - b);
    }
  }
  const images = opts.mode === 'auto' && imagesWanted(opts.settings);
  if (pages.length === 0 && !images) return out;
  // Only now is the OCR engine needed: a missing one is MISSING_DEPENDENCY naming the package.
  const ocr = await loadOcr();
  const languages = ocrLanguages(ocr, opts.settings, opts.languageHints, opts.warn);
  let results: Awaited<ReturnType<typeof ocrPages>> = new Map();
  try {
    if (pages.length)
      results = await ocrPages(bytes, pages, {
        signal: opts.signal,
        checkpoint: opts.checkpoint,
        warn: opts.warn,
        settings: opts.settings,
        languages,
      });
    if (images) {
      const read = new Set(pages);
      await readImagesOfTextPages(
        bytes,
        layouts.filter((l) => !read.has(l.pageNumber) && !l.error),
        opts,
        languages,
        out,
      );
    }
  } catch (e) {
    if (opts.signal.aborted && !(e instanceof DistillError)) {
      throw new DistillError('REQUEST_TIMEOUT', 'Request Timeout: parsing took longer than the timeout', {
        cause: e,
      });
    }
    throw e;
  }
  warnOversized(layouts, new Set([...pages, ...out.keys()]), opts.warn);
  for (let i = 0; i < layouts.length; i++) {
    const r = results.get(layouts[i].pageNumber);
    // An unreadable page keeps what its text layer had (a stamp or page number on a scan).
    if (!r || (r.info.empty && layouts[i].chars > 0)) continue;
    layouts[i] = r.layout;
    out.set(r.layout.pageNumber, { ...r.info, reason: reasons.get(r.layout.pageNumber) });
  }
  return out;
}

/**
 * Says which images OCR read its pages without: the renderer does not decode images past
 * MAX_IMAGE_PIXELS (a 100,000 × 100,000 claim would be 10 GB of grey), so their text is missing.
 */
function warnOversized(layouts: PageLayout[], read: Set<number>, warn: (m: string) => void): void {
  for (const l of layouts) {
    if (!read.has(l.pageNumber) || !l.oversizedImages?.length) continue;
    const n = l.oversizedImages.length;
    warn(
      `PDF page ${l.pageNumber}: OCR read the page without ${n === 1 ? 'an image' : `${n} images`} of ${l.oversizedImages.join(', ')} pixels, past the ${MAX_IMAGE_PIXELS.toLocaleString('en-US')} pixels OCR decodes`,
    );
  }
}

/** Whether large images inside text pages are read: the setting, or DISTILL_OCR_IMAGES=1. */
function imagesWanted(settings: OcrSettings): boolean {
  if (settings.images !== undefined) return settings.images !== false;
  return pdfEnv.ocrImages();
}

/**
 * Reads large images inside pages kept on their text layer (see readLargeImages); a page whose
 * images cannot be rendered or read keeps its text layer, with a warning.
 */
async function readImagesOfTextPages(
  bytes: Uint8Array,
  layouts: PageLayout[],
  opts: ApplyOcr,
  languages: string[],
  out: Map<number, OcrPageInfo>,
): Promise<void> {
  const minShare = typeof opts.settings.images === 'number' ? opts.settings.images : undefined;
  const wanted = layouts.filter((l) =>
    l.blocks.some(
      (b) =>
        b.kind === 'image' &&
        (b.box.x1 - b.box.x0) * (b.box.y1 - b.box.y0) >= (minShare ?? LARGE_IMAGE) * l.width * l.height,
    ),
  );
  if (wanted.length === 0) return;
  const pool =
    (opts.settings.pool as OcrEngine | undefined) ??
    (await loadOcr()).sharedOcrPool({
      languages,
      size: opts.settings.poolSize,
      engine: opts.settings.engine,
    });
  const renderer = await openRenderer(bytes, { worker: opts.settings.renderWorker });
  try {
    for (const l of wanted) {
      opts.checkpoint();
      try {
        const info = await readLargeImages(l, renderer, pool, {
          dpi: opts.settings.dpi,
          minShare,
          signal: opts.signal,
        });
        if (info) out.set(l.pageNumber, info);
      } catch (e) {
        if (opts.signal.aborted) throw e;
        opts.warn(
          `PDF page ${l.pageNumber}: its images could not be read by OCR (${(e as Error)?.message ?? e})`,
        );
      }
    }
  } finally {
    await renderer.close();
  }
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
  // Without pdf.js and its canvas (OCR not installed) the pages cannot be checked; they keep
  // their text layer, and the warning says so.
  if (!ocrInstalled()) {
    opts.warn(
      `PDF pages ${layouts.map((l) => l.pageNumber).join(', ')}: text over images kept unchecked against the print (OCR is not installed: ${OCR_INSTALL_HINT})`,
    );
    return out;
  }
  const renderer = await openRenderer(bytes, { worker: opts.settings.renderWorker });
  try {
    for (const l of layouts) {
      opts.checkpoint();
      try {
        const { shot } = await renderer.render(l.pageNumber, INK_CHECK_DPI, 0, true);
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
      }
    }
  } finally {
    await renderer.close();
  }
  return out;
}
