// office-vectors scorers: markitdown's substring vectors and cell-value agreement with Excel's
// own CSV export of each sheet.

export interface VectorResult {
  passed: number;
  total: number;
  failed: string[];
}

export function checkVectors(md: string, mustInclude: string[], mustNotInclude: string[]): VectorResult {
  const failed: string[] = [];
  for (const s of mustInclude) if (!md.includes(s)) failed.push(`missing: ${s}`);
  for (const s of mustNotInclude) if (md.includes(s)) failed.push(`forbidden: ${s}`);
  const total = mustInclude.length + mustNotInclude.length;
  return { passed: total - failed.length, total, failed };
}

/**
 * RFC 4180 rows of Excel's own CSV export. The scorer keeps its own reader rather than the
 * engine's: a reference read through the code under test would share its bugs.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(
          e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)),
        )
      : (ENTITIES[e.toLowerCase()] ?? m),
  );
/** Markdown backslash escapes (`\*`, `\_`, `\|`) are not part of a cell's value. */
const unescapeMd = (s: string) => s.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/** Cells an engine wrote: HTML table cells, Markdown pipe-table cells, else tab-separated fields, else lines. */
export function predictedCells(md: string): string[] {
  const out: string[] = [];
  // HTML tables (written when cells span) hold one value per <td>/<th>.
  md = md.replace(/<table[\s\S]*?<\/table>/gi, (table) => {
    for (const m of table.matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi)) {
      out.push(norm(decodeEntities(m[1].replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]+>/g, ''))));
    }
    return '';
  });
  for (const line of md.split(/\r?\n/)) {
    const t = line.trim();
    if (t.startsWith('|') && t.endsWith('|') && t.length > 1) {
      if (/^\|[\s:|-]+\|$/.test(t)) continue; // separator row
      const cells = t
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => norm(unescapeMd(c.replace(/<br\s*\/?>/gi, ' '))));
      out.push(...cells);
    } else if (t.includes('\t')) out.push(...t.split('\t').map(norm));
    else if (t) out.push(norm(t));
  }
  return out.filter(Boolean);
}

export interface CellAgreement {
  matched: number;
  expected: number;
  predicted: number;
}

const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * The form a value takes in Excel's cp1252 CSV export, so engines are not penalised for what
 * the export itself loses: characters cp1252 cannot hold become `_`, and a cell of `#` (a value
 * too wide for its column) has a width that depends on the column, so any run of `#` is one.
 */
export function excelCsvForm(v: string): string {
  if (/^#+$/.test(v)) return '#';
  let out = '';
  for (const ch of v) {
    const c = ch.codePointAt(0)!;
    out += c < 0x80 || (c >= 0xa0 && c <= 0xff) || CP1252_EXTRA.has(ch) ? ch : '_';
  }
  return out;
}

/** Multiset overlap of the displayed (non-empty) cell values with the engine's cells. */
export function cellAgreement(md: string, sheets: string[][][]): CellAgreement {
  const want = new Map<string, number>();
  let expected = 0;
  for (const rows of sheets)
    for (const r of rows)
      for (const c of r) {
        const v = excelCsvForm(norm(c));
        if (!v) continue;
        expected++;
        want.set(v, (want.get(v) ?? 0) + 1);
      }
  const pred = predictedCells(md);
  let matched = 0;
  for (const raw of pred) {
    const p = excelCsvForm(raw);
    const n = want.get(p);
    if (n) {
      matched++;
      want.set(p, n - 1);
    }
  }
  return { matched, expected, predicted: pred.length };
}
