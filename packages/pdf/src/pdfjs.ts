import { DistillError } from '@distill/core';
import { importOptional } from './optional.js';
import { defuseImageCodecs } from './pdfjs-defuse.js';
import { absorbPdfjsStrays } from './pdfjs-strays.js';

/** pdf.js is loaded on first use only, so importing this package stays cheap. */
type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
export type PdfDocument = Awaited<ReturnType<PdfjsModule['getDocument']>['promise']>;
export type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

let loading: Promise<PdfjsModule> | undefined;

export function loadPdfjs(): Promise<PdfjsModule> {
  absorbPdfjsStrays();
  loading ??= importOptional<PdfjsModule>(
    'pdfjs-dist/legacy/build/pdf.mjs',
    'this PDF needs pdf.js (the fast reader could not read it, or OCR renders with it): add the optional npm package pdfjs-dist (npm i pdfjs-dist)',
  ).catch((e) => {
    loading = undefined;
    throw e;
  });
  return loading;
}

type OpenParams = Parameters<PdfjsModule['getDocument']>[0] & object;

/**
 * Opens a PDF with settings for text extraction in Node: no eval, no font faces, no network.
 * An empty user password is tried by pdf.js itself; a file that needs a real one is
 * FILE_ENCRYPTED, and anything pdf.js cannot read is FILE_CORRUPT. `overrides` adjust the
 * settings for other uses (rendering for OCR decodes images and loads standard fonts).
 */
export async function openPdf(bytes: Uint8Array, overrides: Partial<OpenParams> = {}): Promise<PdfDocument> {
  const pdfjs = await loadPdfjs();
  // pdf.js may transfer (detach) the buffer it is given; it gets a copy, in which image codecs
  // on streams that are no image are defused (see defuseImageCodecs).
  const data = new Uint8Array(bytes);
  defuseImageCodecs(data);
  const task = pdfjs.getDocument({
    data,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    stopAtErrors: false,
    // Fast mode never looks at pixels, and decoding every image in JS was about half the time
    // and most of the memory; pdf.js drops images above this size before decoding them.
    maxImageSize: 1,
    ...overrides,
  });
  try {
    return await task.promise;
  } catch (e) {
    throw mapOpenError(e);
  }
}

export function mapOpenError(e: unknown): DistillError {
  if (e instanceof DistillError) return e;
  const name = (e as { name?: string })?.name ?? '';
  const message = (e as { message?: string })?.message ?? String(e);
  if (name === 'PasswordException' || /password/i.test(message)) {
    return new DistillError(
      'FILE_ENCRYPTED',
      'Unprocessable Entity: the PDF is encrypted and needs a password',
      { cause: e },
    );
  }
  return new DistillError('FILE_CORRUPT', `Unprocessable Entity: the PDF could not be read (${message})`, {
    cause: e,
  });
}
