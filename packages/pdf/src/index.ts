export { layoutsToBlocks } from './assemble/to-doc.js';
export { analyzePage } from './layout/analyze.js';
export { type PdfParseSettings, parsePdf, pdfParser } from './parser.js';
export { defaultWorkerScript, sourceWorkerScript, type WorkerScript } from './pool.js';
export { type PdfReaderStats, pdfReaderStats, resetPdfReaderStats } from './reader/stats.js';
export type { Box, LayoutBlock, PageInput, PageLayout, Rule, TextRun } from './types.js';
