import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseOptionsSchema, toDistillError, validate } from 'distill';
import type { Io } from '../io.js';
import { flagError, terminalError } from '../messages.js';
import { PARSE_FLAGS, parseOptionsFromFlags } from '../options.js';

export const INSPECT_HELP = `Usage: distill inspect <file> [--out report.html] [--open] [options]

Writes one self-contained HTML page showing what distill saw: for a PDF, every page as an
image with each block's box (coloured by kind, numbered in reading order, with OCR confidence
and the reason auto chose OCR), table grids, and the Markdown beside it; hover or click a box
to highlight its Markdown, and the reverse. Other formats show their blocks with provenance
(slide, sheet, chapter) beside the Markdown. Nothing is fetched when the page is viewed.

Page images are drawn at screen resolution: at most 1000 pixels on the longest side (about
90 dpi on Letter or A4), JPEG, typically 60-150 KB a page; pages are drawn in the browser
only when scrolled near.

  --out FILE                the HTML file (default <file name>.inspect.html here)
  --open                    open it in the default browser
  --pages LIST              draw only these pages as images, e.g. 1-3,7 (boxes stay for all)
  --max-side PX             longest side of a page image, 200..4000 (default 1000)
  --max-image-mb N          budget for all page images, 1..4096 MB (default 48): a long
                            document is drawn smaller to fit, pages past it get no image
  --pdf-mode MODE           fast | auto | ocr (default auto)
  --max-pages N             parse only the first N pages of a PDF (1..10000)
  --only-main-content       keep only the main content of web pages (default)
  --no-only-main-content    keep the whole page
  --include-tags SELECTORS  comma-separated CSS selectors to keep
  --exclude-tags SELECTORS  comma-separated CSS selectors to drop
  --timeout MS              parse timeout, 1000..300000 (default 60000)`;

/** `1-3,7` as page numbers; undefined when the list is malformed. */
export function pageList(s: string): number[] | undefined {
  const out = new Set<number>();
  for (const part of s.split(',').map((p) => p.trim())) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) return undefined;
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    if (a < 1 || b < a || b - a > 100_000) return undefined;
    for (let n = a; n <= b; n++) out.add(n);
  }
  return [...out].sort((x, y) => x - y);
}

/** Opens a file with the desktop's handler; the CLI does not wait for the browser. */
function openInBrowser(path: string): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [path]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', path]]
        : ['xdg-open', [path]];
  const child = spawn(cmd, args as string[], { detached: true, stdio: 'ignore' });
  child.on('error', () => {});
  child.unref();
}

export async function inspectCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'only-main-content': PARSE_FLAGS['only-main-content'],
      'no-only-main-content': PARSE_FLAGS['no-only-main-content'],
      'include-tags': PARSE_FLAGS['include-tags'],
      'exclude-tags': PARSE_FLAGS['exclude-tags'],
      'pdf-mode': PARSE_FLAGS['pdf-mode'],
      'max-pages': PARSE_FLAGS['max-pages'],
      timeout: PARSE_FLAGS.timeout,
      pages: { type: 'string' },
      'max-side': { type: 'string' },
      'max-image-mb': { type: 'string' },
      out: { type: 'string', short: 'o' },
      open: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(`${INSPECT_HELP}\n`);
    return 0;
  }
  if (positionals.length !== 1) {
    io.err(`distill inspect: give one input file\n\n${INSPECT_HELP}\n`);
    return 2;
  }
  const pages = values.pages === undefined ? undefined : pageList(values.pages);
  if (values.pages !== undefined && !pages) {
    io.err(`distill inspect: --pages takes a list such as 1-3,7, not "${values.pages}"\n`);
    return 2;
  }
  const maxSide = values['max-side'] === undefined ? undefined : Number(values['max-side']);
  if (maxSide !== undefined && !(Number.isInteger(maxSide) && maxSide >= 200 && maxSide <= 4000)) {
    io.err('distill inspect: --max-side takes a whole number of pixels from 200 to 4000\n');
    return 2;
  }
  const imageMb = values['max-image-mb'] === undefined ? undefined : Number(values['max-image-mb']);
  if (imageMb !== undefined && !(Number.isInteger(imageMb) && imageMb >= 1 && imageMb <= 4096)) {
    io.err('distill inspect: --max-image-mb takes a whole number of megabytes from 1 to 4096\n');
    return 2;
  }
  const { pages: _ignored, 'max-image-mb': _mb, ...flags } = values;
  const options = parseOptionsFromFlags(flags);
  try {
    validate(parseOptionsSchema, options, 'options');
  } catch (e) {
    io.err(`distill inspect: ${flagError(toDistillError(e))}\n`);
    return 2;
  }
  const file = positionals[0];
  const out = resolve(values.out ?? `${basename(file)}.inspect.html`);
  // The inspector (and, for PDFs, pdf.js drawing) loads only for this command.
  const { inspect } = await import('@distill/inspect');
  try {
    const { html, data } = await inspect(file, options, {
      pages,
      maxSide,
      maxImageBytes: imageMb === undefined ? undefined : imageMb * 1024 * 1024,
    });
    await writeFile(out, html);
    io.err(
      `distill inspect: wrote ${out} (${data.blocks.length} blocks${data.layout ? `, ${data.pages.length} pages, ${data.images.size} page images` : ''}, ${(Buffer.byteLength(html) / 1024).toFixed(0)} KB)\n`,
    );
    for (const w of data.warnings) io.err(`warning: ${w}\n`);
    if (data.imageNote) io.err(`note: ${data.imageNote}\n`);
  } catch (e) {
    io.err(`error: ${file}: ${terminalError(toDistillError(e))}\n`);
    return 1;
  }
  if (values.open) openInBrowser(out);
  return 0;
}
