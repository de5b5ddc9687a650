import type { Block, Doc, ParseContext } from '@distill/core';
import { addDrawing, readDrawing } from '../ooxml/drawing.js';
import { readMetadata } from '../ooxml/metadata.js';
import { missingPart, type OoxmlPackage } from '../ooxml/package.js';
import { at, kid, kids, ownText, relAttr, tText } from '../ooxml/xml.js';
import { hiddenSheetsNote, newGrid, type SheetGrid, sheetBlocks } from './grid.js';
import { readSharedStrings } from './shared-strings.js';
import { readSheet } from './sheet.js';
import { readCellFormats } from './styles.js';

/**
 * Cell comments of a sheet: threaded comments (with their replies, authors from the persons
 * part) where the workbook has them, and legacy notes (xl/commentsN.xml) for the other cells.
 */
function readComments(pkg: OoxmlPackage, wbPart: string, sheetPart: string, g: SheetGrid): void {
  const persons = new Map<string, string>();
  for (const rel of pkg.relsOfType(wbPart, '/person')) {
    for (const p of kids(rel.part ? pkg.xmlIf(rel.part) : undefined, 'person'))
      persons.set(at(p, 'id') ?? '', at(p, 'displayName') ?? '');
  }
  const threaded = new Set<string>();
  for (const rel of pkg.relsOfType(sheetPart, '/threadedComment')) {
    const root = rel.part ? pkg.xmlIf(rel.part) : undefined;
    for (const c of kids(root, 'threadedComment')) {
      const ref = at(c, 'ref') ?? '';
      const text = ownText(kid(c, 'text')).replace(/\s+/g, ' ').trim();
      if (!text) continue;
      threaded.add(ref);
      const who = persons.get(at(c, 'personId') ?? '');
      const when = at(c, 'dT');
      const author = [who, when].filter(Boolean).join(', ');
      g.comments.push({
        ref,
        author: author || undefined,
        text: at(c, 'parentId') ? `(reply) ${text}` : text,
      });
    }
  }
  for (const rel of pkg.relsOfType(sheetPart, '/comments')) {
    const root = rel.part ? pkg.xmlIf(rel.part) : undefined;
    if (!root) continue;
    const authors = kids(kid(root, 'authors'), 'author').map((a) => ownText(a));
    for (const c of kids(kid(root, 'commentList'), 'comment')) {
      const ref = at(c, 'ref') ?? '';
      if (threaded.has(ref)) continue;
      const text = tText(kid(c, 'text')).replace(/\s+/g, ' ').trim();
      const author = authors[Number(at(c, 'authorId') ?? -1)];
      if (text) g.comments.push({ ref, author: author || undefined, text });
    }
  }
}

function readDrawingsInto(pkg: OoxmlPackage, sheetPart: string, g: SheetGrid, ctx: ParseContext): void {
  for (const rel of pkg.relsOfType(sheetPart, '/drawing')) {
    if (!rel.part) continue;
    addDrawing(pkg, readDrawing(pkg, rel.part), g, ctx);
  }
}

export function parseXlsx(pkg: OoxmlPackage, ctx: ParseContext): Doc {
  const wbPart = pkg.mainPart(['xl/workbook.xml']);
  if (!wbPart) throw missingPart('workbook part (xl/workbook.xml)');
  const wb = pkg.xml(wbPart);
  const pr = kid(wb, 'workbookPr');
  const date1904 = at(pr, 'date1904') === '1' || at(pr, 'date1904') === 'true';
  const stylesPart = pkg.relOfType(wbPart, '/styles')?.part;
  const formats = readCellFormats(stylesPart ? pkg.xmlIf(stylesPart) : undefined);
  const sstPart = pkg.relOfType(wbPart, '/sharedStrings')?.part;
  const sst = sstPart && pkg.has(sstPart) ? readSharedStrings(pkg.text(sstPart)) : [];
  ctx.checkpoint();
  const rels = pkg.rels(wbPart);
  const blocks: Block[] = [];
  const skipped: string[] = [];
  let sheetNumber = 0;
  const sheets = kids(kid(wb, 'sheets'), 'sheet');
  for (const s of sheets) {
    const name = at(s, 'name') ?? 'Sheet';
    const state = at(s, 'state');
    if (state === 'hidden' || state === 'veryHidden') {
      skipped.push(name);
      continue;
    }
    const rel = rels.get(relAttr(s) ?? '');
    if (!rel?.part || !pkg.has(rel.part)) {
      ctx.warn(`Sheet "${name}" has no part in the workbook; skipped.`);
      continue;
    }
    const g = newGrid(name);
    if (rel.type.endsWith('/chartsheet')) {
      g.isChartsheet = true;
      readDrawingsInto(pkg, rel.part, g, ctx);
    } else {
      readSheet(pkg.text(rel.part), g, { sst, formats, date1904, checkpoint: ctx.checkpoint });
      readComments(pkg, wbPart, rel.part, g);
      readDrawingsInto(pkg, rel.part, g, ctx);
    }
    blocks.push(...sheetBlocks(g, ctx.checkpoint, ++sheetNumber));
  }
  blocks.push(...hiddenSheetsNote(skipped));
  const metadata = readMetadata(pkg);
  metadata.sheets = sheets.length;
  return { blocks, metadata };
}
