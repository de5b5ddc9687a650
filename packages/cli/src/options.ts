import type { ParseOptionsInput } from 'distill';

/** The spec's parse options as CLI flags (`parseArgs` definitions), shared by parse and batch. */
export const PARSE_FLAGS = {
  formats: { type: 'string' },
  'only-main-content': { type: 'boolean' },
  'no-only-main-content': { type: 'boolean' },
  'include-tags': { type: 'string' },
  'exclude-tags': { type: 'string' },
  'pdf-mode': { type: 'string' },
  'ocr-engine': { type: 'string' },
  'max-pages': { type: 'string' },
  pages: { type: 'boolean' },
  blocks: { type: 'boolean' },
  'page-markers': { type: 'boolean' },
  'continued-tables': { type: 'string' },
  'no-pdf-parser': { type: 'boolean' },
  'redact-pii': { type: 'boolean' },
  'keep-base64-images': { type: 'boolean' },
  timeout: { type: 'string' },
  // distill's own: chunks, page furniture, lines, continued tables (options/chunks.ts and pdf-own.ts in core).
  chunks: { type: 'boolean' },
  'chunk-size': { type: 'string' },
  'chunk-unit': { type: 'string' },
  tokenizer: { type: 'string' },
  'chunk-overlap': { type: 'string' },
  furniture: { type: 'string' },
  lines: { type: 'boolean' },
} as const;

export const PARSE_FLAGS_HELP = `  --formats LIST            markdown,html,rawHtml,links,images,summary,chunks (default markdown)
  --only-main-content       keep only the main content of web pages (default)
  --no-only-main-content    keep the whole page
  --include-tags SELECTORS  comma-separated CSS selectors to keep
  --exclude-tags SELECTORS  comma-separated CSS selectors to drop
  --pdf-mode MODE           fast | auto | ocr (default auto)
  --ocr-engine NAME         tesseract | native | paddle: the OCR engine of scanned pages
                            (default DISTILL_OCR_ENGINE, else native when the tesseract
                            command is on PATH, else tesseract (tesseract.js); paddle needs
                            onnxruntime-node)
  --max-pages N             parse only the first N pages of a PDF (1..10000)
  --pages                   add per-page Markdown (JSON output)
  --blocks                  add typed layout blocks (JSON output)
  --page-markers            join PDF pages with --- and <!-- page N -->
  --continued-tables MODE   join | separate: a PDF table going on over a page break as one
                            table (default), or each page's part apart
  --no-pdf-parser           return PDFs base64-encoded (parsers: [])
  --redact-pii              replace e-mails, phones, cards, IBANs, IPs, SSNs by placeholders
  --keep-base64-images      keep data-URI images in the Markdown
  --timeout MS              per-file timeout, 1000..300000 (default 60000)
  --chunks                  add structure-aware chunks: printed as JSONL (one chunk a line),
                            or written as <file>.chunks.jsonl beside the Markdown with --out
  --chunk-size N            a chunk's budget (default 2000 characters, 512 tokens)
  --chunk-unit UNIT         characters | tokens (default characters)
  --tokenizer NAME          o200k_base | cl100k_base | p50k_base | r50k_base (tokens; default o200k_base)
  --chunk-overlap N         repeat the end of the previous chunk of a section, in the same unit
  --furniture MODE          drop | keep | separate: repeated running headers, footers and page
                            numbers (default drop; separate lists them in blocks only)
  --lines                   each block in blocks also carries its lines with boxes (words on OCR'd pages)`;

/**
 * Images as files, for parse and batch: not a parse option of the spec (it names a folder on
 * this machine), so it is a flag of its own, turned into the engine's `imageFiles`.
 */
export const IMAGES_FLAG = { images: { type: 'string' } } as const;
export const IMAGES_FLAG_HELP = `  --images DIR              write embedded images (PDF, DOCX, PPTX, XLSX, ODF, EPUB) to DIR,
                            named by content hash (each once), linked from the Markdown`;

type FlagValues = {
  [K in keyof typeof PARSE_FLAGS]?: (typeof PARSE_FLAGS)[K]['type'] extends 'boolean' ? boolean : string;
};

const list = (s: string | undefined) =>
  s === undefined
    ? undefined
    : s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);

/** Number flags are passed through as numbers when numeric, so the schema reports bounds. */
const num = (s: string | undefined): number | string | undefined =>
  s === undefined ? undefined : /^-?\d+$/.test(s.trim()) ? Number(s) : s;

/** Builds the spec's parse options from flags; validation happens once, in the engine. */
export function parseOptionsFromFlags(v: FlagValues): ParseOptionsInput {
  const o: Record<string, unknown> = {};
  const formats: unknown[] | undefined = list(v.formats);
  const chunking =
    v.chunks ||
    v['chunk-size'] !== undefined ||
    v['chunk-unit'] !== undefined ||
    v.tokenizer !== undefined ||
    v['chunk-overlap'] !== undefined;
  if (chunking) {
    const chunks: Record<string, unknown> = { type: 'chunks' };
    if (v['chunk-size'] !== undefined) chunks.size = num(v['chunk-size']);
    if (v['chunk-unit'] !== undefined) chunks.unit = v['chunk-unit'];
    if (v.tokenizer !== undefined) chunks.tokenizer = v.tokenizer;
    if (v['chunk-overlap'] !== undefined) chunks.overlap = num(v['chunk-overlap']);
    // The chunks go beside the Markdown (or beside the formats asked), never instead of them.
    o.formats = [...(formats ?? ['markdown']).filter((f) => f !== 'chunks'), chunks];
  } else if (formats) o.formats = formats;
  if (v['no-only-main-content']) o.onlyMainContent = false;
  else if (v['only-main-content']) o.onlyMainContent = true;
  if (v['include-tags']) o.includeTags = list(v['include-tags']);
  if (v['exclude-tags']) o.excludeTags = list(v['exclude-tags']);
  if (v['redact-pii']) o.redactPII = true;
  if (v['keep-base64-images']) o.removeBase64Images = false;
  if (v.timeout !== undefined) o.timeout = num(v.timeout);
  if (v['no-pdf-parser']) o.parsers = [];
  else {
    const pdf: Record<string, unknown> = { type: 'pdf' };
    if (v['pdf-mode']) pdf.mode = v['pdf-mode'];
    if (v['ocr-engine'] !== undefined) pdf.ocrEngine = v['ocr-engine'];
    if (v['max-pages'] !== undefined) pdf.maxPages = num(v['max-pages']);
    if (v.pages) pdf.pages = true;
    if (v.blocks) pdf.blocks = true;
    if (v['page-markers']) pdf.pageMarkers = true;
    if (v['continued-tables'] !== undefined) pdf.continuedTables = v['continued-tables'];
    if (v.furniture !== undefined) pdf.furniture = v.furniture;
    if (v.lines) pdf.lines = true;
    if (Object.keys(pdf).length > 1) o.parsers = [pdf];
  }
  return o as ParseOptionsInput;
}
