/**
 * A quick dpbench scorer, close to opendataloader-bench (the official one lives in
 * benchmarks/): NID over the whole Markdown, TEDS over tables, MHS over heading sections.
 *   node --import tsx packages/pdf/scripts/score.ts <groundTruthDir> <predDir> [--worst N]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** LCS length, bit-parallel (Hyyrö): O(|a|·|b|/32). */
export function lcsLength(a: string, b: string): number {
  if (a.length > b.length) [a, b] = [b, a];
  const m = a.length;
  if (m === 0) return 0;
  const words = Math.ceil(m / 32);
  const peq = new Map<number, Uint32Array>();
  for (let i = 0; i < m; i++) {
    const c = a.charCodeAt(i);
    let v = peq.get(c);
    if (!v) {
      v = new Uint32Array(words);
      peq.set(c, v);
    }
    v[i >>> 5] |= 1 << (i & 31);
  }
  const V = new Uint32Array(words).fill(0xffffffff);
  const zero = new Uint32Array(words);
  for (let j = 0; j < b.length; j++) {
    const M = peq.get(b.charCodeAt(j)) ?? zero;
    let carry = 0;
    for (let k = 0; k < words; k++) {
      const v = V[k];
      const u = (v & M[k]) >>> 0;
      const sum = v + u + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      V[k] = ((sum >>> 0) | (v & ~M[k])) >>> 0;
    }
  }
  let zeros = 0;
  for (let i = 0; i < m; i++) if (!(V[i >>> 5] & (1 << (i & 31)))) zeros++;
  return zeros;
}

export function ratio(a: string, b: string): number {
  if (a.length + b.length === 0) return 1;
  return (2 * lcsLength(a, b)) / (a.length + b.length);
}

const EMPH = /(\*{1,3}|~~|__|_)(\S(?:.*?\S)?)\1/gs;
function stripEmphasis(t: string): string {
  let prev = '';
  while (prev !== t) {
    prev = t;
    t = t.replace(EMPH, '$2');
  }
  return t;
}
const norm = (t: string) => stripEmphasis(t).replace(/\s+/g, ' ').trim();

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Pipe tables become one-line HTML tables, as the benchmark's pre-step does. */
export function pipeTablesToHtml(md: string): string {
  const lines = md.split('\n');
  const out: string[] = [];
  let i = 0;
  const cells = (l: string) =>
    l
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|'));
  while (i < lines.length) {
    if (/^\s*\|.*\|\s*$/.test(lines[i]) && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1])) {
      const rows = [cells(lines[i])];
      i += 2;
      while (i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i])) rows.push(cells(lines[i++]));
      out.push(
        `<table>${rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</table>`,
      );
    } else out.push(lines[i++]);
  }
  return out.join('\n');
}

interface TNode {
  label: string;
  text: string;
  children: TNode[];
}

/** A table's tree: table > tr > td, the cells carrying spans in their label and text for renaming. */
function parseTables(html: string): TNode[] {
  const tables: TNode[] = [];
  for (const m of html.matchAll(/<table[^>]*>([\s\S]*?)<\/table>/gi)) {
    const t: TNode = { label: 'table', text: '', children: [] };
    for (const r of m[1].matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)) {
      const tr: TNode = { label: 'tr', text: '', children: [] };
      for (const c of r[1].matchAll(/<t([dh])([^>]*)>([\s\S]*?)<\/t[dh]>/gi)) {
        const cs = /colspan="?(\d+)/i.exec(c[2])?.[1] ?? '1';
        const rs = /rowspan="?(\d+)/i.exec(c[2])?.[1] ?? '1';
        const text = c[3]
          .replace(/<[^>]+>/g, ' ')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&')
          .replace(/\s+/g, ' ')
          .trim();
        tr.children.push({ label: `td:${cs}:${rs}`, text, children: [] });
      }
      t.children.push(tr);
    }
    tables.push(t);
  }
  return tables;
}

function postorder(t: TNode): { nodes: TNode[]; lld: number[] } {
  const nodes: TNode[] = [];
  const lld: number[] = [];
  const walk = (n: TNode): number => {
    let first = -1;
    for (const c of n.children) {
      const l = walk(c);
      if (first < 0) first = l;
    }
    nodes.push(n);
    const idx = nodes.length - 1;
    lld.push(first < 0 ? idx : first);
    return lld[idx];
  };
  walk(t);
  return { nodes, lld };
}

/** Zhang–Shasha tree edit distance with the TEDS rename cost. */
function ted(a: TNode, b: TNode): number {
  const A = postorder(a);
  const B = postorder(b);
  const rename = (x: TNode, y: TNode) => {
    if (x.label !== y.label) return 1;
    if (x.label.startsWith('td')) {
      if (x.text === '' && y.text === '') return 0;
      return 1 - ratio(x.text, y.text);
    }
    return 0;
  };
  const kr = (lld: number[]) => {
    const seen = new Set<number>();
    const out: number[] = [];
    for (let i = lld.length - 1; i >= 0; i--)
      if (!seen.has(lld[i])) {
        seen.add(lld[i]);
        out.push(i);
      }
    return out.sort((x, y) => x - y);
  };
  const n = A.nodes.length;
  const m = B.nodes.length;
  const TD = Array.from({ length: n }, () => new Float64Array(m));
  for (const i of kr(A.lld))
    for (const j of kr(B.lld)) {
      const li = A.lld[i];
      const lj = B.lld[j];
      const rows = i - li + 2;
      const cols = j - lj + 2;
      const fd = Array.from({ length: rows }, () => new Float64Array(cols));
      for (let x = 1; x < rows; x++) fd[x][0] = fd[x - 1][0] + 1;
      for (let y = 1; y < cols; y++) fd[0][y] = fd[0][y - 1] + 1;
      for (let x = 1; x < rows; x++)
        for (let y = 1; y < cols; y++) {
          const ii = li + x - 1;
          const jj = lj + y - 1;
          if (A.lld[ii] === li && B.lld[jj] === lj) {
            fd[x][y] = Math.min(
              fd[x - 1][y] + 1,
              fd[x][y - 1] + 1,
              fd[x - 1][y - 1] + rename(A.nodes[ii], B.nodes[jj]),
            );
            TD[ii][jj] = fd[x][y];
          } else {
            const px = A.lld[ii] - li;
            const py = B.lld[jj] - lj;
            fd[x][y] = Math.min(fd[x - 1][y] + 1, fd[x][y - 1] + 1, fd[px][py] + TD[ii][jj]);
          }
        }
    }
  return TD[n - 1][m - 1];
}

const size = (t: TNode): number => 1 + t.children.reduce((s, c) => s + size(c), 0);

export function teds(gt: string, pred: string): number | null {
  const g = parseTables(gt);
  if (g.length === 0) return null;
  const p = parseTables(pred);
  if (p.length === 0) return 0;
  const wrap = (ts: TNode[]): TNode => ({ label: 'root', text: '', children: ts });
  const a = wrap(g);
  const b = wrap(p);
  if (size(a) * size(b) > 4_000_000) return 0;
  return 1 - ted(a, b) / Math.max(size(a), size(b));
}

/** Sections: each heading with the text below it (tables removed), in order. */
function sections(md: string): string[] | null {
  const lines = md.replace(/<table[\s\S]*?<\/table>/gi, ' ').split('\n');
  const out: string[] = [];
  let cur: string[] | undefined;
  for (const l of lines) {
    const h = /^\s{0,3}#{1,6}\s+(.*)$/.exec(l);
    if (h) {
      if (cur) out.push(norm(cur.join(' ')));
      cur = [h[1]];
    } else if (cur) cur.push(l);
  }
  if (cur) out.push(norm(cur.join(' ')));
  return out.length ? out : null;
}

export function mhs(gt: string, pred: string): number | null {
  const g = sections(gt);
  if (!g) return null;
  const p = sections(pred);
  if (!p) return 0;
  // A flat tree: its edit distance is an alignment of the sections.
  const n = g.length;
  const m = p.length;
  const d = Array.from({ length: n + 1 }, () => new Float64Array(m + 1));
  for (let i = 1; i <= n; i++) d[i][0] = i;
  for (let j = 1; j <= m; j++) d[0][j] = j;
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (1 - ratio(g[i - 1], p[j - 1])));
  return 1 - d[n][m] / (Math.max(n, m) + 1);
}

export function scoreDoc(gtMd: string, predMd: string) {
  const gt = pipeTablesToHtml(gtMd);
  const pred = pipeTablesToHtml(predMd);
  const a = norm(gt);
  const b = norm(pred);
  const nid = a ? ratio(a, b) : null;
  const t = teds(gt, pred);
  const h = mhs(gt, pred);
  const parts = [nid, t, h].filter((x): x is number => x !== null);
  return {
    nid,
    teds: t,
    mhs: h,
    overall: parts.length ? parts.reduce((s, x) => s + x, 0) / parts.length : null,
  };
}

const mean = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? v.reduce((s, x) => s + x, 0) / v.length : Number.NaN;
};

if (process.argv[1]?.endsWith('score.ts')) {
  const [gtDir, ...rest] = process.argv.slice(2);
  const worstIdx = rest.indexOf('--worst');
  const worst = worstIdx >= 0 ? Number(rest[worstIdx + 1]) : 0;
  const predDirs = worstIdx >= 0 ? rest.filter((_, i) => i !== worstIdx && i !== worstIdx + 1) : rest;
  for (const predDir of predDirs) {
    const rows = readdirSync(gtDir)
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => {
        const p = join(predDir, f);
        return {
          id: f,
          ...scoreDoc(readFileSync(join(gtDir, f), 'utf8'), existsSync(p) ? readFileSync(p, 'utf8') : ''),
        };
      });
    const f = (x: number) => x.toFixed(3);
    console.log(
      `${predDir.padEnd(50)} overall ${f(mean(rows.map((r) => r.overall)))}  NID ${f(mean(rows.map((r) => r.nid)))}  TEDS ${f(mean(rows.map((r) => r.teds)))}  MHS ${f(mean(rows.map((r) => r.mhs)))}`,
    );
    if (worst) {
      for (const r of rows.sort((x, y) => (x.overall ?? 1) - (y.overall ?? 1)).slice(0, worst))
        console.log(
          `  ${r.id} overall ${f(r.overall ?? 1)} nid ${f(r.nid ?? 1)} teds ${r.teds === null ? '  -  ' : f(r.teds)} mhs ${r.mhs === null ? '  -  ' : f(r.mhs)}`,
        );
    }
  }
}
