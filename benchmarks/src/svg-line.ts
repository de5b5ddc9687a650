// A minimal line chart for scaling curves: x is the input size, y the time or memory, one
// line per engine. Log-free on purpose: the sizes are a handful of round numbers.
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const COLORS = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#475569'];

export interface Line {
  label: string;
  points: { x: number; y: number | null }[];
  highlight?: boolean;
}

const tick = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

export function lineChart(title: string, lines: Line[], opts: { xUnit: string; yUnit: string }): string {
  const W = 620;
  const H = 300;
  const left = 60;
  const right = 150;
  const top = 34;
  const bottom = 40;
  const pts = lines.flatMap((l) => l.points.filter((p) => p.y !== null)) as { x: number; y: number }[];
  const xMax = Math.max(1, ...pts.map((p) => p.x));
  const yMax = Math.max(1e-9, ...pts.map((p) => p.y)) * 1.05;
  const X = (x: number) => left + (x / xMax) * (W - left - right);
  const Y = (y: number) => H - bottom - (y / yMax) * (H - top - bottom);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11" role="img" aria-label="${esc(title)}">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="8" y="16" font-size="13" font-weight="bold">${esc(title)}</text>`,
    `<line x1="${left}" y1="${H - bottom}" x2="${W - right}" y2="${H - bottom}" stroke="#94a3b8"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${H - bottom}" stroke="#94a3b8"/>`,
  ];
  for (let k = 0; k <= 4; k++) {
    const y = (yMax / 4) * k;
    parts.push(
      `<text x="${left - 4}" y="${Y(y) + 4}" text-anchor="end" fill="#475569">${tick(y)}</text>`,
      `<line x1="${left}" y1="${Y(y)}" x2="${W - right}" y2="${Y(y)}" stroke="#e2e8f0"/>`,
    );
  }
  const xs = [...new Set(pts.map((p) => p.x))].sort((a, b) => a - b);
  for (const x of xs)
    parts.push(`<text x="${X(x)}" y="${H - bottom + 14}" text-anchor="middle" fill="#475569">${x}</text>`);
  parts.push(
    `<text x="${(left + W - right) / 2}" y="${H - 8}" text-anchor="middle">${esc(opts.xUnit)}</text>`,
    `<text x="12" y="${top - 6}" fill="#475569">${esc(opts.yUnit)}</text>`,
  );
  lines.forEach((l, i) => {
    const c = COLORS[i % COLORS.length];
    const ok = l.points.filter((p) => p.y !== null) as { x: number; y: number }[];
    if (ok.length) {
      parts.push(
        `<polyline fill="none" stroke="${c}" stroke-width="${l.highlight ? 3 : 1.5}" points="${ok.map((p) => `${X(p.x).toFixed(1)},${Y(p.y).toFixed(1)}`).join(' ')}"/>`,
      );
      for (const p of ok)
        parts.push(`<circle cx="${X(p.x).toFixed(1)}" cy="${Y(p.y).toFixed(1)}" r="2.5" fill="${c}"/>`);
    }
    const ly = top + 6 + i * 16;
    parts.push(
      `<rect x="${W - right + 12}" y="${ly - 8}" width="10" height="10" fill="${c}"/>`,
      `<text x="${W - right + 26}" y="${ly + 1}"${l.highlight ? ' font-weight="bold"' : ''}>${esc(l.label)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
