import type { Box, TextRun } from '../types.js';

/**
 * Zebra stripes under a header band: the band (white text on a dark fill) and the body's
 * shaded rows are fills alike, and the reader keeps no fill colour for them, only for the text
 * set on them. The band is the header over the stripes where its text is set in colours no
 * stripe's text uses; the first stripe under a bare header is a row of fills too, but set in
 * the body's own colour, and the stripes under it are no header's.
 */

const centreIn = (t: TextRun, b: Box) => {
  const cx = (t.x0 + t.x1) / 2;
  const cy = (t.y0 + t.y1) / 2;
  return cx > b.x0 && cx < b.x1 && cy > b.y0 && cy < b.y1;
};

/** The colours of the text centred in the fills; undefined when there is none or one is not known. */
function coloursIn(fills: readonly Box[], runs: readonly TextRun[]): Set<number> | undefined {
  const out = new Set<number>();
  for (const t of runs) {
    if (t.rotated || !/\S/.test(t.text) || !fills.some((f) => centreIn(t, f))) continue;
    if (t.fill < 0) return undefined;
    out.add(t.fill);
  }
  return out.size ? out : undefined;
}

/** Whether the text on the header's fills and the text on the stripes share no colour. */
export function textColoursApart(
  head: readonly Box[],
  stripes: readonly Box[],
  runs: readonly TextRun[],
): boolean {
  const a = coloursIn(head, runs);
  const b = coloursIn(stripes, runs);
  return !!a && !!b && ![...a].some((c) => b.has(c));
}

/**
 * A header band painted flush on the first stripe (odd rows shaded) tiles one block with it:
 * the block's last row, when its text shares no colour with the rows above it, is that stripe,
 * and the header is the rows above. Otherwise the block as it is.
 */
export function bandOffStripe(block: Box[], runs: readonly TextRun[], touch: number): Box[] {
  const y0s = [...new Set(block.map((r) => r.y0))].sort((a, b) => a - b);
  const lastTop = y0s[y0s.length - 1];
  if (lastTop - y0s[0] <= touch) return block;
  const last = block.filter((r) => r.y0 > lastTop - touch);
  const head = block.filter((r) => r.y0 <= lastTop - touch);
  // The stripe is a row of its own: no header cell reaches down into it.
  if (head.some((r) => r.y1 > lastTop + touch)) return block;
  return textColoursApart(head, last, runs) ? head : block;
}

/**
 * The top and bottom edges of fills under the header that shade a row across its width (whole
 * or cell by cell), two such stripes at least, each no taller than a row of a few lines and
 * none touching the next (shaded rows alternate with bare ones); none when other fills lie
 * there. The stripes run down from the header while each stands within `gap` of the one above
 * (a bare row between): fills further down are another table's or the page's.
 */
export function stripesUnder(fills: readonly Box[], box: Box, touch: number, gap: number): number[] {
  const width = box.x1 - box.x0;
  const rows: { y0: number; y1: number; cover: number; inside: boolean }[] = [];
  for (const f of fills) {
    let row = rows.find((r) => Math.abs(r.y0 - f.y0) <= touch && Math.abs(r.y1 - f.y1) <= touch);
    if (!row) {
      row = { y0: f.y0, y1: f.y1, cover: 0, inside: true };
      rows.push(row);
    }
    row.cover += Math.min(f.x1, box.x1) - Math.max(f.x0, box.x0);
    row.inside &&= f.x0 > box.x0 - 2 && f.x1 < box.x1 + 2;
  }
  rows.sort((a, b) => a.y0 - b.y0);
  let bottom = box.y1;
  const near = rows.filter((r) => {
    if (r.y0 - bottom > gap) return false;
    bottom = Math.max(bottom, r.y1);
    return true;
  });
  const ok = near.every(
    (r, k) =>
      r.inside &&
      r.cover >= 0.9 * width &&
      r.cover <= 1.05 * width &&
      (k === 0 || r.y0 > near[k - 1].y1 + touch),
  );
  return near.length >= 2 && ok ? near.flatMap((r) => [r.y0, r.y1]) : [];
}
