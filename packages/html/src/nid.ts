/**
 * The NID similarity of `pnpm bench quality office-vectors` (a port of its scorer, so this
 * package's tests and the benchmark give the same figure): Markdown pipe tables become one-line
 * HTML tables on both sides (opendataloader-bench's converter: header cells as `th`, cell text
 * HTML-escaped), whitespace runs collapse as Python's `\s+` does, then, over code points,
 * NID = 1 − Indel(a, b) / (|a| + |b|) with Indel = |a| + |b| − 2·LCS.
 */

// Python's str.isspace() set, so whitespace collapses as in the reference.
const PY_WS =
  '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const wsRun = new RegExp(`[${PY_WS}]+`, 'g');
const edgeWs = new RegExp(`^[${PY_WS}]+|[${PY_WS}]+$`, 'g');

const pyStrip = (s: string) => s.replace(edgeWs, '');

/** Python `s.splitlines(True)`. */
function splitlines(s: string): string[] {
  const out: string[] = [];
  const re = /\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]/g;
  let last = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    out.push(s.slice(last, m.index + m[0].length));
    last = m.index + m[0].length;
  }
  if (last < s.length) out.push(s.slice(last));
  return out;
}

const htmlEscape = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

function splitRow(line: string): string[] | null {
  const t = pyStrip(line);
  if (!t || !t.includes('|')) return null;
  let cells = t.split('|');
  if (t.startsWith('|')) cells = cells.slice(1);
  if (cells.length && t.endsWith('|')) cells = cells.slice(0, -1);
  cells = cells.map(pyStrip);
  return cells.length ? cells : null;
}

const isSeparator = (cells: string[]) =>
  cells.length > 0 &&
  cells.every((c) => {
    const x = c.replaceAll(' ', '');
    return x !== '' && /^[-:]+$/.test(x);
  });

function fit(cells: string[], width: number): string[] {
  if (width <= 0 || cells.length === width) return cells;
  if (cells.length === 3 && width > 3)
    return [cells[0], ...Array<string>(width - 2).fill(cells[1]), cells[2]];
  if (cells.length < width) return [...cells, ...Array<string>(width - cells.length).fill('')];
  return cells.slice(0, width);
}

/** Markdown pipe tables to one-line HTML tables; every other line stays as it is. */
export function pipeTablesToHtml(md: string): string {
  const lines = splitlines(md);
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    let header = splitRow(lines[i]);
    const sep = header && i + 1 < lines.length ? splitRow(lines[i + 1]) : null;
    if (!header || !sep || !isSeparator(sep)) {
      out.push(lines[i++]);
      continue;
    }
    const width = Math.max(header.length, sep.length);
    header = fit(header, width);
    const body: string[][] = [];
    let j = i + 2;
    for (; j < lines.length; j++) {
      const row = splitRow(lines[j]);
      if (!row) break;
      body.push(fit(row, width));
    }
    if (header.every((c) => c === '') && body.length) header = body.shift()!;
    const seg = lines[i];
    const ending = /\r\n$/.test(seg) ? '\r\n' : /[\n\r]$/.test(seg) ? seg.slice(-1) : '';
    const head = `<tr>${header.map((c) => `<th>${htmlEscape(c)}</th>`).join('')}</tr>`;
    const rows = body.map((r) => `<tr>${r.map((c) => `<td>${htmlEscape(c)}</td>`).join('')}</tr>`).join('');
    out.push(`<table>${head}${rows}</table>${ending}`);
    i = j;
  }
  return out.join('');
}

function lcsLength(a: number[], b: number[]): number {
  if (a.length < b.length) [a, b] = [b, a];
  const m = b.length;
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let i = 1; i <= a.length; i++) {
    const ca = a[i - 1];
    for (let j = 1; j <= m; j++) {
      cur[j] = ca === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[m];
}

const codePoints = (s: string) => Array.from(s, (c) => c.codePointAt(0)!);

export function nid(predicted: string, reference: string): number {
  const norm = (s: string) => codePoints(pyStrip(pipeTablesToHtml(s).replace(wsRun, ' ')));
  const a = norm(predicted);
  const b = norm(reference);
  if (a.length + b.length === 0) return 1;
  return (2 * lcsLength(a, b)) / (a.length + b.length);
}
