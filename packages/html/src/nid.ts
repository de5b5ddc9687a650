/**
 * The NID similarity of the corpora README (opendataloader-bench), for tests and dev scripts:
 * pipe tables become one-line HTML tables on both sides, whitespace is collapsed, then
 * NID = 1 − Indel(a, b) / (|a| + |b|) with Indel = |a| + |b| − 2·LCS over characters.
 */
export function pipeTablesToHtml(md: string): string {
  const lines = md.split('\n');
  const out: string[] = [];
  let rows: string[][] | undefined;
  const flush = () => {
    if (rows)
      out.push(
        `<table>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`,
      );
    rows = undefined;
  };
  for (const line of lines) {
    const t = line.trim();
    if (t.startsWith('|') && t.endsWith('|') && t.length > 1) {
      const cells = t
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim());
      if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
      rows ??= [];
      rows.push(cells);
    } else {
      flush();
      out.push(line);
    }
  }
  flush();
  return out.join('\n');
}

function lcsLength(a: string, b: string): number {
  if (a.length < b.length) [a, b] = [b, a];
  const m = b.length;
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let i = 1; i <= a.length; i++) {
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      cur[j] = ca === b.charCodeAt(j - 1) ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[m];
}

export function nid(predicted: string, reference: string): number {
  const norm = (s: string) => pipeTablesToHtml(s).replace(/\s+/g, ' ').trim();
  const a = norm(predicted);
  const b = norm(reference);
  if (a.length + b.length === 0) return 1;
  return (2 * lcsLength(a, b)) / (a.length + b.length);
}
