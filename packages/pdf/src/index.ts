export { layoutsToBlocks } from './assemble/to-doc.js';
export { analyzePage } from './layout/analyze.js';
export { pdfPageCount } from './page-count.js';
export {
  type PageImage,
  type PageImageOptions,
  pageImagesAvailable,
  renderPageImages,
} from './page-image.js';
export { type PdfParseSettings, parsePdf, pdfParser } from './parser.js';
export { defaultWorkerScript, sourceWorkerScript, type WorkerScript } from './pool.js';
export { type PdfReaderStats, pdfReaderStats, resetPdfReaderStats } from './reader/stats.js';
export type { Box, LayoutBlock, PageInput, PageLayout, Rule, TextRun } from './types.js';
