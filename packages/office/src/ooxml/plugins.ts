import {
  DistillError,
  type Doc,
  docPages,
  type PageOfDoc,
  type ParseContext,
  type ParserPlugin,
} from '@distill/core';
import { parseDocx } from '../docx/parser.js';
import { parsePptx, pptxSlides } from '../pptx/parser.js';
import { parseXlsx } from '../xlsx/parser.js';
import { readMetadata } from './metadata.js';
import { missingPart, OoxmlPackage } from './package.js';

type Kind = 'word' | 'slides' | 'sheets';

/**
 * Which application the package belongs to, from its main part: a presentation that embeds a
 * workbook (chart data) lists spreadsheet content types too, so the main part decides, not the
 * names inside.
 */
function kindOf(pkg: OoxmlPackage): Kind | undefined {
  const main = pkg.relOfType('', '/officeDocument')?.part;
  const type = main ? (pkg.contentType(main) ?? '') : '';
  if (/wordprocessingml|ms-word/.test(type) || main?.startsWith('word/')) return 'word';
  if (/presentationml|ms-powerpoint/.test(type) || main?.startsWith('ppt/')) return 'slides';
  if (/spreadsheetml|ms-excel/.test(type) || main?.startsWith('xl/')) return 'sheets';
  if (pkg.has('word/document.xml')) return 'word';
  if (pkg.has('ppt/presentation.xml')) return 'slides';
  if (pkg.has('xl/workbook.xml')) return 'sheets';
  return undefined;
}

/** What the package could not give: a catalogue error as is, anything else a corrupt file. */
function corrupt(e: unknown): DistillError {
  if (e instanceof DistillError) return e;
  return new DistillError(
    'FILE_CORRUPT',
    `Unprocessable Entity: the document could not be read (${(e as Error).message})`,
  );
}

/**
 * A presentation slide by slide, each as soon as it is read. A package whose main part is not
 * a presentation is parsed as `parse` reads it and given as its one page.
 */
async function* pptxPages(bytes: Uint8Array, ctx: ParseContext): AsyncGenerator<PageOfDoc> {
  let pkg: OoxmlPackage;
  try {
    pkg = new OoxmlPackage(bytes);
  } catch (e) {
    throw corrupt(e);
  }
  if ((kindOf(pkg) ?? 'slides') !== 'slides') {
    yield* docPages(parseOoxml(bytes, ctx, 'slides'));
    return;
  }
  const slides = pptxSlides(pkg, ctx);
  let first = true;
  for (;;) {
    let next: IteratorResult<{ number: number; total: number; blocks: Doc['blocks'] }>;
    try {
      next = slides.next();
    } catch (e) {
      throw corrupt(e);
    }
    if (next.done) return;
    const { number, total, blocks } = next.value;
    const metadata = first ? { ...readMetadata(pkg), numPages: total } : undefined;
    first = false;
    yield { pageNumber: number, totalPages: total, blocks, ...(metadata ? { metadata } : {}) };
  }
}

function parseOoxml(bytes: Uint8Array, ctx: ParseContext, expected: Kind): Doc {
  try {
    const pkg = new OoxmlPackage(bytes);
    const kind = kindOf(pkg) ?? expected;
    if (kind !== expected)
      ctx.warn(
        `The package's main part is a ${kind === 'word' ? 'Word document' : kind === 'slides' ? 'presentation' : 'workbook'}; it was read as one.`,
      );
    if (kind === 'word') return parseDocx(pkg, ctx);
    if (kind === 'slides') return parsePptx(pkg, ctx);
    if (pkg.has('xl/workbook.bin') && !pkg.has('xl/workbook.xml'))
      throw missingPart('XML workbook (this is a binary xlsb workbook)');
    return parseXlsx(pkg, ctx);
  } catch (e) {
    if (e instanceof DistillError) throw e;
    throw new DistillError(
      'FILE_CORRUPT',
      `Unprocessable Entity: the document could not be read (${(e as Error).message})`,
    );
  }
}

export const docxParser: ParserPlugin = {
  name: 'docx',
  formats: ['docx', 'docm'],
  parse: (bytes, ctx) => parseOoxml(bytes, ctx, 'word'),
};

export const pptxParser: ParserPlugin = {
  name: 'pptx',
  formats: ['pptx', 'pptm'],
  parse: (bytes, ctx) => parseOoxml(bytes, ctx, 'slides'),
  parsePages: pptxPages,
};

export const xlsxParser: ParserPlugin = {
  name: 'xlsx',
  formats: ['xlsx', 'xlsm'],
  parse: (bytes, ctx) => parseOoxml(bytes, ctx, 'sheets'),
};
