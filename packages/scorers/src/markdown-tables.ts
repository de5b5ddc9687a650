// Port of opendataloader-bench's converter_markdown_table.py: Markdown pipe tables become
// one-line HTML tables before any metric is computed, on both sides.
import { htmlEscape, pyStrip, splitlines } from './pytext.js';

function splitRow(line: string): string[] | null {
  const trimmed = pyStrip(line);
  if (!trimmed || !trimmed.includes('|')) return null;
  let cells = trimmed.split('|');
  if (trimmed.startsWith('|')) cells = cells.slice(1);
  if (cells.length && trimmed.endsWith('|')) cells = cells.slice(0, -1);
  cells = cells.map(pyStrip);
  return cells.length ? cells : null;
}

function isSeparatorRow(cells: string[]): boolean {
  if (!cells.length) return false;
  for (const cell of cells) {
    const content = cell.replaceAll(' ', '');
    if (!content) return false;
    for (const ch of content) if (ch !== '-' && ch !== ':') return false;
  }
  return true;
}

function tableToHtml(header: string[], rows: string[][]): string {
  const head = `<tr>${header.map((c) => `<th>${htmlEscape(c)}</th>`).join('')}</tr>`;
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${htmlEscape(c)}</td>`).join('')}</tr>`).join('');
  return `<table>${head}${body}</table>`;
}

function normalizeCells(cells: string[], width: number): string[] {
  if (width <= 0 || cells.length === width) return cells;
  if (cells.length === 3 && width > 3) {
    // The reference's recovery of "colspan"-style headers: the middle cell is repeated.
    return [cells[0], ...Array<string>(width - 2).fill(cells[1]), cells[2]];
  }
  if (cells.length < width) return [...cells, ...Array<string>(width - cells.length).fill('')];
  return cells.slice(0, width);
}

/** Converts Markdown pipe tables into HTML tables, leaving every other line as it is. */
export function markdownTablesToHtml(markdown: string): string {
  if (!markdown) return markdown;
  const lines = splitlines(markdown, true);
  const out: string[] = [];
  let idx = 0;
  while (idx < lines.length) {
    let header = splitRow(lines[idx]);
    if (!header || idx + 1 >= lines.length) {
      out.push(lines[idx++]);
      continue;
    }
    const sep = splitRow(lines[idx + 1]);
    if (!sep || !isSeparatorRow(sep)) {
      out.push(lines[idx++]);
      continue;
    }
    const width = Math.max(header.length, sep.length);
    header = normalizeCells(header, width);
    const body: string[][] = [];
    let walker = idx + 2;
    while (walker < lines.length) {
      const row = splitRow(lines[walker]);
      if (!row) break;
      body.push(normalizeCells(row, width));
      walker++;
    }
    if (header.length && header.every((c) => c === '') && body.length) header = body.shift()!;
    const seg = lines[idx];
    const ending = seg.endsWith('\r\n') ? '\r\n' : seg.endsWith('\n') ? '\n' : seg.endsWith('\r') ? '\r' : '';
    out.push(tableToHtml(header, body) + ending);
    idx = walker;
  }
  return out.join('');
}
