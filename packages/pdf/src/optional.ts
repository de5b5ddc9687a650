import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { DistillError } from '@distill/core';

// pdf.js, its canvas and the OCR engine are optional: `distill` without them reads PDFs with
// its own fast reader, and `npm i @distill/ocr` brings all three (tesseract.js and its English
// data, pdfjs-dist, @napi-rs/canvas). They are looked up beside this package first (an app
// that lists them, or npm's hoisting) and then beside @distill/ocr, so strict layouts such as
// pnpm's, where a dependency of @distill/ocr is not visible from here, work too.

/** What a user adds for OCR: one package that depends on the rest. */
export const OCR_INSTALL_HINT = 'npm i @distill/ocr (it brings tesseract.js, pdfjs-dist and @napi-rs/canvas)';

// Made on first use: node:module loads Node's ES module resolver, which a parse without OCR never needs.
let hereRequire: NodeJS.Require | undefined;
function here(): NodeJS.Require {
  hereRequire ??= createRequire(import.meta.url);
  return hereRequire;
}

/** The file a package specifier resolves to, or undefined when the package is not installed. */
export function resolveOptional(specifier: string): string | undefined {
  try {
    return here().resolve(specifier);
  } catch {}
  try {
    return createRequire(here().resolve('@distill/ocr')).resolve(specifier);
  } catch {}
  return undefined;
}

/** Imports an optional package, or throws MISSING_DEPENDENCY with `hint` saying what to add. */
export async function importOptional<T>(specifier: string, hint: string): Promise<T> {
  const file = resolveOptional(specifier);
  if (!file) throw new DistillError('MISSING_DEPENDENCY', hint);
  try {
    return (await import(pathToFileURL(file).href)) as T;
  } catch (e) {
    throw new DistillError(
      'MISSING_DEPENDENCY',
      `${hint} (${specifier} failed to load: ${(e as Error).message})`,
      {
        cause: e,
      },
    );
  }
}

type OcrModule = typeof import('@distill/ocr');
let ocrLoading: Promise<OcrModule> | undefined;

/** The OCR engine (@distill/ocr), loaded when a page is first OCR'd. */
export function loadOcr(): Promise<OcrModule> {
  ocrLoading ??= importOptional<OcrModule>(
    '@distill/ocr',
    `OCR (PDF mode auto or ocr, on pages without usable text) needs optional packages: ${OCR_INSTALL_HINT}; or parse with mode "fast"`,
  ).catch((e) => {
    ocrLoading = undefined;
    throw e;
  });
  return ocrLoading;
}

/** Whether the OCR engine and its renderer can be loaded here. */
export function ocrInstalled(): boolean {
  return (
    !!resolveOptional('@distill/ocr') &&
    !!resolveOptional('pdfjs-dist/package.json') &&
    !!resolveOptional('@napi-rs/canvas')
  );
}
