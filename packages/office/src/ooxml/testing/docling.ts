import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { markdownNid as nid } from '@distill/scorers/nid';
import { CORPORA, toMarkdown } from './corpus.js';

export interface DoclingScore {
  file: string;
  nid: number;
  /** NID with our `<!-- Slide number: N -->` markers left out (they have no counterpart in docling's output). */
  nidNoMarkers: number;
  /** Ground-truth table cells whose text is missing from our Markdown. */
  missingCells: string[];
  error?: string;
}

/** Cells of the ground truth's pipe tables (docling repeats merged cells; each text counts once). */
export function groundTruthCells(md: string): string[] {
  const cells = new Set<string>();
  for (const line of md.split('\n')) {
    const t = line.trim();
    if (!t.startsWith('|') || /^\|[\s|:-]+\|$/.test(t)) continue;
    for (const c of t.replace(/^\||\|$/g, '').split(/(?<!\\)\|/)) {
      const v = c.trim();
      if (v) cells.add(v);
    }
  }
  return [...cells];
}

/** Text as compared for cell presence: Markdown emphasis and escapes dropped, spaces collapsed. */
export const plain = (s: string) =>
  s
    .replace(/<br\s*\/?>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\\([\\`*_{}[\]()#+\-.!|~<>$])/g, '$1')
    .replace(/\*\*|__|~~|[*_|]/g, '')
    .replace(/\s+/g, '')
    .trim();

export async function scoreDocling(fmt: 'docx' | 'pptx' | 'xlsx'): Promise<DoclingScore[]> {
  const dir = path.join(CORPORA, 'office/docling', fmt);
  const out: DoclingScore[] = [];
  for (const file of readdirSync(path.join(dir, 'sources')).sort()) {
    const gt = readFileSync(path.join(dir, 'groundtruth', `${file}.md`), 'utf8');
    let md = '';
    let error: string | undefined;
    try {
      md = await toMarkdown(path.join(dir, 'sources', file));
    } catch (e) {
      error = String(e);
    }
    const hay = plain(md);
    const missingCells = groundTruthCells(gt).filter((c) => !hay.includes(plain(c)));
    const bare = md.replace(/^<!-- Slide number: \d+( \(hidden\))? -->\n*/gm, '');
    out.push({ file, nid: nid(md, gt), nidNoMarkers: nid(bare, gt), missingCells, error });
  }
  return out;
}
