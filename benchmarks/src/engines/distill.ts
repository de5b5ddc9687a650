import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parse } from 'distill';
import type { Engine } from './types.js';

const distillVersion = (): string => {
  try {
    return JSON.parse(
      readFileSync(new URL('../../../packages/distill/package.json', import.meta.url), 'utf8'),
    ).version;
  } catch {
    return 'workspace';
  }
};

/** Our engine, through the public library API, with every parser this build registers. */
export const distillEngine: Engine = {
  name: 'distill',
  kinds: ['pdf', 'html', 'office'],
  version: async () => distillVersion(),
  convert: async ({ bytes, filename, wholePage }) => {
    const r = await parse(
      { data: bytes, filename },
      { formats: ['markdown'], timeout: 300_000, ...(wholePage ? { onlyMainContent: false } : {}) },
    );
    return r.markdown ?? '';
  },
  // As an engine would ask for them: the pdf parser's `blocks` option on the public API.
  blocks: async ({ bytes, filename }) => {
    const r = await parse(
      { data: bytes, filename },
      { formats: ['markdown'], parsers: [{ type: 'pdf', blocks: true }], timeout: 300_000 },
    );
    return (r.blocks ?? []).flatMap((p) =>
      p.items.map((it) => ({ page: p.pageNumber, label: it.label, bbox: it.bbox })),
    );
  },
};

/**
 * Ours with OCR on every page (the spec's pdf `mode: 'ocr'`), for the image-only OCR corpus
 * beside liteparse-ocr. The OCR pool starts on the first document and is reused after it.
 * `distill-ocr` takes the default engine; the others name theirs.
 */
function distillOcr(name: string, engine?: 'tesseract' | 'native' | 'paddle'): Engine {
  return {
    name,
    kinds: ['pdf'],
    concurrency: availableParallelism(),
    version: async () => `${await distillVersion()}${engine ? ` (${engine})` : ''}`,
    convert: async ({ bytes, filename }) => {
      const r = await parse(
        { data: bytes, filename },
        {
          formats: ['markdown'],
          parsers: [{ type: 'pdf', mode: 'ocr', ...(engine ? { ocrEngine: engine } : {}) }],
          timeout: 300_000,
        },
      );
      return r.markdown ?? '';
    },
  };
}
export const distillOcrEngine = distillOcr('distill-ocr');
export const distillOcrTesseractEngine = distillOcr('distill-ocr-tesseract', 'tesseract');
export const distillOcrPaddleEngine = distillOcr('distill-ocr-paddle', 'paddle');
export const distillOcrNativeEngine = distillOcr('distill-ocr-native', 'native');
