// Minimal horizontal bar charts, one row per engine, optionally several series per row.
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const COLORS = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2'];

export interface BarRow {
  label: string;
  values: (number | null)[];
  highlight?: boolean;
}

export function barChart(
  title: string,
  series: string[],
  rows: BarRow[],
  opts: { max?: number; unit?: string } = {},
): string {
  const labelW = 190;
  const barW = 420;
  const barH = 12;
  const rowH = series.length * (barH + 2) + 8;
  const top = 40;
  const height = top + rows.length * rowH + 20;
  const width = labelW + barW + 90;
  const max =
    opts.max ?? Math.max(1e-9, ...rows.flatMap((r) => r.values.filter((v): v is number => v !== null)));
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="8" y="16" font-size="13" font-weight="bold">${esc(title)}</text>`,
  ];
  series.forEach((s, i) => {
    parts.push(
      `<rect x="${labelW + i * 110}" y="24" width="10" height="10" fill="${COLORS[i % COLORS.length]}"/>`,
    );
    parts.push(`<text x="${labelW + i * 110 + 14}" y="33">${esc(s)}</text>`);
  });
  rows.forEach((r, ri) => {
    const y0 = top + ri * rowH;
    parts.push(
      `<text x="${labelW - 6}" y="${y0 + rowH / 2 + 2}" text-anchor="end"${r.highlight ? ' font-weight="bold"' : ''}>${esc(r.label)}</text>`,
    );
    r.values.forEach((v, si) => {
      const y = y0 + si * (barH + 2);
      if (v === null) {
        parts.push(`<text x="${labelW + 4}" y="${y + barH - 2}" fill="#888">n/a</text>`);
        return;
      }
      const w = Math.max(1, (v / max) * barW);
      parts.push(
        `<rect x="${labelW}" y="${y}" width="${w.toFixed(1)}" height="${barH}" fill="${COLORS[si % COLORS.length]}"/>`,
      );
      const txt = v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(3);
      parts.push(
        `<text x="${labelW + w + 4}" y="${y + barH - 2}">${txt}${opts.unit ? ` ${esc(opts.unit)}` : ''}</text>`,
      );
    });
  });
  parts.push('</svg>');
  return parts.join('\n');
}
