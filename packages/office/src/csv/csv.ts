/**
 * RFC 4180 CSV reading: quoted fields with doubled quotes and embedded newlines, CRLF, LF or
 * CR line ends, and a quote inside an unquoted field taken literally (as spreadsheets do).
 */
export function parseCsv(text: string, delimiter: string, maxRows = Number.POSITIVE_INFINITY): string[][] {
  return readCsv(text, delimiter, { maxRows }).rows;
}

export interface CsvLimits {
  maxRows?: number;
  /** Reading stops after the row in which the running cell count reaches this. */
  maxCells?: number;
  /** Fields past this in a row are dropped (counted in `droppedFields`). */
  maxColumns?: number;
}

export interface CsvRead {
  rows: string[][];
  /** Where reading stopped, when a limit stopped it (character offset into the text). */
  stoppedAt?: number;
  /** Fields dropped from rows wider than maxColumns. */
  droppedFields: number;
}

/** As parseCsv, bounded: the rows and cells it holds never exceed the limits. */
export function readCsv(text: string, delimiter: string, limits: CsvLimits = {}): CsvRead {
  const maxRows = limits.maxRows ?? Number.POSITIVE_INFINITY;
  const maxCells = limits.maxCells ?? Number.POSITIVE_INFINITY;
  const maxColumns = limits.maxColumns ?? Number.POSITIVE_INFINITY;
  let cells = 0;
  let droppedFields = 0;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  const pushField = () => {
    if (row.length < maxColumns) row.push(field);
    else droppedFields++;
    field = '';
  };
  const endRow = () => {
    pushField();
    rows.push(row);
    cells += row.length;
    row = [];
  };
  while (i < n && rows.length < maxRows && cells < maxCells) {
    if (quoted) {
      // Take the run up to the next quote in one slice: a huge quoted field stays linear.
      const q = text.indexOf('"', i);
      if (q === -1) {
        field += text.slice(i);
        i = n;
        continue;
      }
      if (q > i) {
        field += text.slice(i, q);
        i = q;
      }
    }
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === delimiter) {
      pushField();
      i++;
    } else if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (i < n) return { rows, stoppedAt: i, droppedFields };
  if (rows.length < maxRows && (field !== '' || row.length > 0)) endRow();
  return { rows, droppedFields };
}

const CANDIDATES = [',', ';', '\t', '|'] as const;

/**
 * Picks the delimiter whose field counts are most consistent over the first rows and that
 * splits them into more than one field; ties go to the earlier candidate (comma first).
 */
export function sniffDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  let best: { d: string; score: number } = { d: ',', score: -1 };
  for (const d of CANDIDATES) {
    const rows = parseCsv(sample, d, 50).filter((r) => r.length > 1 || r[0] !== '');
    if (rows.length === 0) continue;
    const counts = new Map<number, number>();
    for (const r of rows) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
    let mode = 1;
    let freq = 0;
    for (const [len, f] of counts) if (f > freq || (f === freq && len > mode)) [mode, freq] = [len, f];
    if (mode < 2) continue;
    const score = (freq / rows.length) * 10 + Math.min(mode, 50) / 100;
    if (score > best.score) best = { d, score };
  }
  return best.d;
}
