/**
 * Normalised Indel similarity as the corpora README defines it: 1 − Indel(a, b) / (|a| + |b|)
 * over characters after collapsing whitespace, Indel = |a| + |b| − 2·LCS. Markdown pipe tables
 * become one-line HTML tables on both sides first, so table syntax does not dominate.
 */
export function nid(a: string, b: string): number {
  const x = [...normalise(a)];
  const y = [...normalise(b)];
  if (x.length + y.length === 0) return 1;
  return (2 * lcs(x, y)) / (x.length + y.length);
}

function normalise(md: string): string {
  return pipeTablesToHtml(md).replace(/\s+/g, ' ').trim();
}

function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

export function pipeTablesToHtml(md: string): string {
  const lines = md.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const sep = lines[i + 1];
    if (
      lines[i].trim().startsWith('|') &&
      sep !== undefined &&
      /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(sep)
    ) {
      const rows = [splitRow(lines[i])];
      let j = i + 2;
      while (j < lines.length && lines[j].trim().startsWith('|')) rows.push(splitRow(lines[j++]));
      out.push(
        `<table>${rows
          .map((r, k) => `<tr>${r.map((c) => (k === 0 ? `<th>${c}</th>` : `<td>${c}</td>`)).join('')}</tr>`)
          .join('')}</table>`,
      );
      i = j - 1;
    } else out.push(lines[i]);
  }
  return out.join('\n');
}

/** LCS length with two rolling rows of 32-bit counters. */
function lcs(a: string[], b: string[]): number {
  if (a.length < b.length) [a, b] = [b, a];
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const ai = a[i - 1];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = ai === b[j - 1] ? prev[j - 1] + 1 : cur[j - 1] > prev[j] ? cur[j - 1] : prev[j];
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}
