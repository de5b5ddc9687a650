/**
 * RFC 4180 CSV reading: quoted fields with doubled quotes and embedded newlines, CRLF, LF or
 * CR line ends, and a quote inside an unquoted field taken literally (as spreadsheets do).
 */
export function parseCsv(text: string, delimiter: string, maxRows = Number.POSITIVE_INFINITY): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  while (i < n && rows.length < maxRows) {
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
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (rows.length < maxRows && (field !== '' || row.length > 0)) endRow();
  return rows;
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
