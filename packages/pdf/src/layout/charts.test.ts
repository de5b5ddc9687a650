import { describe, expect, it } from 'vitest';
import { page, run } from '../testing/page-input.js';
import type { Box, Rule } from '../types.js';
import { analyzePage } from './analyze.js';
import { drawsChart } from './charts.js';

const frame = (b: Box): Rule[] => [
  { x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y0 },
  { x0: b.x0, y0: b.y1, x1: b.x1, y1: b.y1 },
  { x0: b.x0, y0: b.y0, x1: b.x0, y1: b.y1 },
  { x0: b.x1, y0: b.y0, x1: b.x1, y1: b.y1 },
];
/** Horizontal gridlines every 20 points from y = 100 to 240, the last one the axis. */
const gridlines: Rule[] = Array.from({ length: 8 }, (_, i) => ({
  x0: 130,
  y0: 100 + i * 20,
  x1: 470,
  y1: 100 + i * 20,
}));
const box = { x0: 100, y0: 80, x1: 480, y1: 280 };
const labels = [
  ...['30', '20', '10', '0'].map((t, i) => run(t, 112, 95 + i * 47, 9)),
  ...['Event', 'Celebration', 'Information', 'Video'].map((t, i) => run(t, 150 + i * 80, 250, 9)),
];

describe('charts drawn as grids', () => {
  it('takes filled bars of different heights on one baseline for a chart', () => {
    const bars = [107, 141, 235, 230].map((top, i) => ({
      x0: 150 + i * 80,
      y0: top,
      x1: 170 + i * 80,
      y1: 240,
    }));
    expect(drawsChart(box, [...frame(box), ...gridlines], bars, labels)).toBe(true);
    // The caption sits in a framed box of two cells right under the chart's frame: stacked
    // grids of one width read as one table, unless the chart is seen.
    const caption = { x0: 100, y0: 290, x1: 480, y1: 315 };
    const p = page([
      ...labels,
      run('Diagram 5', 110, 297, 10, true),
      run('Distribution of content', 190, 297, 10, true),
    ]);
    p.rules = [...frame(box), ...gridlines, ...frame(caption), { x0: 180, y0: 290, x1: 180, y1: 315 }];
    p.rects = bars;
    const layout = analyzePage(p);
    expect(layout.blocks.some((b) => b.kind === 'table')).toBe(false);
    const text = layout.blocks.flatMap((b) =>
      b.kind === 'text' ? b.lines.flatMap((l) => l.spans.map((s) => s.text)) : [],
    );
    expect(text.join(' ')).toContain('Celebration');
  });

  it('takes thin bars drawn as rules for a chart', () => {
    const bars = [107, 141, 235, 230, 180].map((top, i) => ({
      x0: 150 + i * 60,
      y0: top,
      x1: 150 + i * 60,
      y1: 240,
    }));
    expect(drawsChart(box, [...frame(box), ...gridlines, ...bars], [], labels)).toBe(true);
  });

  it('takes small swatches with a label beside each for a legend', () => {
    const swatches = [0, 1, 2].map((i) => ({ x0: 370, y0: 150 + i * 28, x1: 375, y1: 155 + i * 28 }));
    const names = ['Government', 'Civil Society', 'Private'].map((t, i) => run(t, 380, 148 + i * 28, 9));
    expect(drawsChart(box, frame(box), swatches, names)).toBe(true);
  });

  it('leaves stripes packed inside a shaded cell, and bars with no axis under them, alone', () => {
    // A scan's shaded cell read as a fill with vertical stripes a point or two apart.
    const cell = { x0: 140, y0: 150, x1: 260, y1: 240 };
    const stripes = Array.from({ length: 12 }, (_, i) => ({
      x0: 150 + i * 2,
      y0: 150 + (i % 4) * 5,
      x1: 150 + i * 2,
      y1: 240,
    }));
    expect(drawsChart(box, [...frame(box), ...gridlines, ...stripes], [cell], labels)).toBe(false);
    const floating = [107, 141, 235, 230].map((top, i) => ({
      x0: 150 + i * 80,
      y0: top,
      x1: 170 + i * 80,
      y1: 240,
    }));
    expect(drawsChart(box, frame(box), floating, labels)).toBe(false);
  });

  it('leaves a ruled table, its row shading and its column rules alone', () => {
    const t = { x0: 60, y0: 100, x1: 400, y1: 200 };
    const rows = [100, 120, 140, 160, 180, 200];
    const rules: Rule[] = [
      ...rows.map((y) => ({ x0: 60, y0: y, x1: 400, y1: y })),
      ...[60, 160, 280, 400].map((x) => ({ x0: x, y0: 100, x1: x, y1: 200 })),
    ];
    const shading = [120, 160].map((y) => ({ x0: 60, y0: y, x1: 400, y1: y + 20 }));
    const cells = rows
      .slice(0, 5)
      .flatMap((y, r) => [run(`Row ${r}`, 64, y + 5), run(`${r * 7}`, 164, y + 5), run('ok', 284, y + 5)]);
    expect(drawsChart(t, rules, shading, cells)).toBe(false);
  });
});
