/**
 * Seeded words, sentences and figures for the documents the pdf-synth checks write at run time
 * (dev/pdf-synth.ts with LibreOffice, dev/pdf-synth-css.ts with Chromium). The draw order is part
 * of each seed's meaning: a change here changes every seed's documents.
 */

export class Pick {
  constructor(private r: () => number) {}
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.r() * (hi - lo + 1));
  }
  one<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.r() * xs.length)];
  }
  chance(p: number): boolean {
    return this.r() < p;
  }
}

export const WORDS = (
  'account action advice agency amount analysis answer area basis board budget case centre change ' +
  'charge claim community company condition contract control cost council course court data ' +
  'decision demand design detail development difference district education effect energy ' +
  'environment evidence example experience factor family figure form fund future group growth ' +
  'health history income industry information interest issue land level market measure member ' +
  'method model movement network number office order organisation output period person plan ' +
  'point policy position practice pressure price process product programme project property ' +
  'quality range rate reason record region report research resource result return review risk ' +
  'rule sample scheme sector service share site source staff standard statement structure ' +
  'study subject supply support system target task term test training transport treatment ' +
  'trust unit value variety water weight work year'
).split(' ');
const VERBS = 'covers shows gives meets sets keeps needs takes holds makes brings follows reaches'.split(' ');
export const ADJ = 'annual regional local public general final total main early current national basic'.split(
  ' ',
);

export const cap = (w: string) => w[0].toUpperCase() + w.slice(1);

export function sentence(p: Pick): string {
  const n = p.int(8, 18);
  const ws: string[] = [];
  for (let i = 0; i < n; i++) ws.push(i === 2 ? p.one(VERBS) : i % 4 === 1 ? p.one(ADJ) : p.one(WORDS));
  return `${cap(ws.join(' '))}.`;
}
export const paragraph = (p: Pick, n = p.int(2, 5)) => Array.from({ length: n }, () => sentence(p)).join(' ');
export const title = (p: Pick, n = p.int(1, 4)) =>
  Array.from({ length: n }, (_, i) => (i === 0 ? cap(p.one(WORDS)) : p.one([...WORDS, ...ADJ]))).join(' ');

export const figure = (p: Pick) => {
  const v = p.int(0, 3);
  if (v === 0) return p.int(1, 999).toLocaleString('en-US');
  if (v === 1) return p.int(1000, 99999).toLocaleString('en-US');
  if (v === 2) return (p.int(0, 9999) / 10).toFixed(1);
  return `${(p.int(0, 1000) / 10).toFixed(1)}%`;
};
export const cellWords = (p: Pick) => title(p, p.int(1, 3));

/** A table cell as written; a covered cell stands where a span from the left or above reaches;
 * `cls` is a class name for the HTML producer's CSS (an indented or a group label). */
export type Cell = { text: string; colspan?: number; rowspan?: number; covered?: boolean; cls?: string };

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The truth of a table as dpbench's TEDS reads it: HTML with the spans, covered cells left out. */
export function truthTable(rows: Cell[][]): string {
  const out = rows.map((r) => {
    const cells = r
      .filter((c) => !c.covered)
      .map((c) => {
        const span = `${c.colspan ? ` colspan="${c.colspan}"` : ''}${c.rowspan ? ` rowspan="${c.rowspan}"` : ''}`;
        return `<td${span}>${esc(c.text)}</td>`;
      });
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<table>${out.join('')}</table>`;
}
