import type { InspectBlock } from './model.js';

const SHEETS = new Set(['xlsx', 'xls', 'xlsb', 'ods', 'csv', 'tsv']);
const SLIDES = new Set(['pptx', 'ppt', 'odp']);
const BOOKS = new Set(['epub']);

/** A Markdown table's size from its text: rows below the separator, cells of the header row. */
function tableSize(md: string): string | undefined {
  const lines = md.split('\n').filter((l) => l.trim().startsWith('|'));
  if (lines.length < 2) return undefined;
  const cols = lines[0].split('|').length - 2;
  return `${lines.length - 2} rows × ${cols} columns`;
}

/**
 * Where each block sits, for formats whose document model carries no page boxes: the slide
 * (from the `Slide number: N` marker the slide parser writes), the sheet (the heading each
 * sheet starts with) and the table's size, the chapter of a book (its level-1 heading), else
 * the section (the nearest heading above). Derived from the blocks in reading order, so it is
 * what the Markdown shows, not more.
 */
export function deriveProvenance(blocks: InspectBlock[], format: string, markdown: string): void {
  let where: string | undefined;
  for (const b of blocks) {
    const text = b.excerpt.trim();
    if (SLIDES.has(format) && b.type === 'comment') {
      const m = /Slide number:\s*(\d+)/i.exec(text);
      if (m) where = `slide ${m[1]}`;
    } else if (SHEETS.has(format) && b.type === 'heading') {
      where = `sheet “${text}”`;
    } else if (BOOKS.has(format) && b.type === 'heading' && b.label === 'heading-1') {
      where = `chapter “${text}”`;
    } else if (!SLIDES.has(format) && !SHEETS.has(format) && !BOOKS.has(format) && b.type === 'heading') {
      where = `section “${text}”`;
    }
    let prov = where;
    if (b.type === 'table' && SHEETS.has(format)) {
      const size = tableSize(markdown.slice(b.span[0], b.span[1]));
      if (size) prov = prov ? `${prov} · ${size}` : size;
    }
    if (prov) b.prov = prov;
  }
}
