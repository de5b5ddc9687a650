import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ParserPlugin, ParserRegistry, parse } from '@distill/core';

/** Test support for the legacy/ODF/RTF parsers: corpus paths, parsing through the engine, NID. */
export const corpora = path.resolve(process.cwd(), '../shared/corpora');
export const hasCorpora = existsSync(corpora);
export const corpus = (rel: string): string => path.join(corpora, rel);

export async function markdownOf(
  plugins: ParserPlugin[],
  bytes: Uint8Array,
  filename: string,
): Promise<string> {
  const registry = new ParserRegistry();
  for (const p of plugins) registry.register(p);
  const r = await parse(bytes, {}, { registry, filename });
  return r.markdown ?? '';
}

export const markdownOfFile = (plugins: ParserPlugin[], file: string): Promise<string> =>
  markdownOf(plugins, new Uint8Array(readFileSync(file)), path.basename(file));

/** Markdown pipe tables to one-line HTML tables, as the corpus README's pre-step asks. */
function tablesToHtml(md: string): string {
  const lines = md.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*\|/.test(lines[i])) {
      out.push(lines[i]);
      continue;
    }
    const rows: string[][] = [];
    for (; i < lines.length && /^\s*\|/.test(lines[i]); i++) {
      const cells = lines[i]
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim());
      if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
      rows.push(cells);
    }
    i--;
    out.push(
      `<table>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`,
    );
  }
  return out.join('\n');
}

/** NID = 1 − Indel / (|a| + |b|) over characters after collapsing whitespace (corpora README). */
export function nid(a: string, b: string): number {
  const x = tablesToHtml(a).replace(/\s+/g, ' ').trim();
  const y = tablesToHtml(b).replace(/\s+/g, ' ').trim();
  if (x.length + y.length === 0) return 1;
  // LCS length with two rolling rows.
  let prev = new Uint32Array(y.length + 1);
  let cur = new Uint32Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    const c = x.charCodeAt(i - 1);
    for (let j = 1; j <= y.length; j++)
      cur[j] = c === y.charCodeAt(j - 1) ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    [prev, cur] = [cur, prev];
  }
  const lcs = prev[y.length];
  return 1 - (x.length + y.length - 2 * lcs) / (x.length + y.length);
}

/** Collapses whitespace and Markdown escapes, for "text present" checks. */
export const flat = (s: string): string =>
  s
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
