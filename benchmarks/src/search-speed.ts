/**
 * Speed of the local search index: build rate (documents per second, parsing included) and query
 * latency p50/p99 over an index of generated HTML pages.
 *
 *   pnpm bench search [--docs 5000] [--queries 400] [--keep DIR]
 *
 * Pages are generated deterministically (a seeded PRNG, a Zipf-distributed synthetic vocabulary,
 * 50 host folders, dates over three years, an image on one page in ten), so runs compare.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildIndex, INDEX_FILE, LocalIndex, LocalIndexProvider, search } from '@distill/search';
import type { SearchRequestInput } from 'distill';
import { writeReport } from './report.js';
import { machineLine, writeSection } from './results.js';
import { runMain } from './run-main.js';
import { mulberry32 } from './seeded.js';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '5000' },
    queries: { type: 'string', default: '400' },
    keep: { type: 'string' },
  },
});
const N_DOCS = Number(values.docs);
const N_QUERIES = Number(values.queries);

const rand = mulberry32(42);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];

const SYL = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ze',
  'pa',
  'qu',
  'do',
  'fi',
  'ga',
  'he',
  'jo',
  'ba',
  'co',
];
const VOCAB: string[] = [];
const seen = new Set<string>();
while (VOCAB.length < 8000) {
  const n = 2 + Math.floor(rand() * 3);
  let w = '';
  for (let i = 0; i < n; i++) w += pick(SYL);
  if (!seen.has(w)) {
    seen.add(w);
    VOCAB.push(w);
  }
}
// Zipf(1): word i drawn with weight 1/(i+1), through a cumulative table.
const CUM: number[] = [];
VOCAB.reduce((s, _, i) => {
  CUM.push(s + 1 / (i + 1));
  return s + 1 / (i + 1);
}, 0);
function zipfWord(): string {
  const x = rand() * CUM[CUM.length - 1];
  let lo = 0;
  let hi = CUM.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUM[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return VOCAB[lo];
}
const sentence = (n: number) => {
  const ws = Array.from({ length: n }, zipfWord);
  ws[0] = ws[0][0].toUpperCase() + ws[0].slice(1);
  return `${ws.join(' ')}.`;
};
const HOSTS = Array.from({ length: 50 }, (_, i) => `site${i}.example${i % 5}.com`);
const NOW = Date.UTC(2026, 10, 22);

function generate(dir: string): number {
  let bytes = 0;
  for (let i = 0; i < N_DOCS; i++) {
    const host = HOSTS[i % HOSTS.length];
    const folder = join(dir, host, `section${i % 7}`);
    mkdirSync(folder, { recursive: true });
    const title = sentence(4 + Math.floor(rand() * 5)).slice(0, -1);
    const date = new Date(NOW - Math.floor(rand() * 3 * 365 * 86400_000)).toISOString();
    const paras = Array.from({ length: 3 + Math.floor(rand() * 6) }, () =>
      Array.from({ length: 2 + Math.floor(rand() * 4) }, () => sentence(8 + Math.floor(rand() * 14))).join(
        ' ',
      ),
    );
    const img =
      i % 10 === 0 ? `<p><img src="/img/${i}.png" alt="${title}" width="640" height="480"></p>` : '';
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta property="article:published_time" content="${date}"><meta name="description" content="${paras[0].slice(0, 150)}"></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a></nav><main><article><h1>${title}</h1>
${paras.map((p) => `<p>${p}</p>`).join('\n')}${img}</article></main><footer>© ${host}</footer></body></html>\n`;
    writeFileSync(join(folder, `page-${i}.html`), html);
    bytes += html.length;
  }
  return bytes;
}

function queries(index: LocalIndex): SearchRequestInput[] {
  const out: SearchRequestInput[] = [];
  const docs = index.data.docs;
  // Mid-frequency words make realistic queries; the top 50 are stop-word-like.
  const mid = () => VOCAB[50 + Math.floor(rand() * 2000)];
  for (let i = 0; i < N_QUERIES; i++) {
    const r = rand();
    const words = Array.from({ length: 1 + Math.floor(rand() * 3) }, mid).join(' ');
    if (r < 0.4) out.push({ query: words });
    else if (r < 0.55) {
      const d = pick(docs).text.split(/\s+/);
      const at = Math.floor(rand() * Math.max(1, d.length - 3));
      out.push({
        query: `"${d
          .slice(at, at + 2)
          .join(' ')
          .replace(/[^\p{L}\s]/gu, '')}"`,
      });
    } else if (r < 0.7) out.push({ query: `${words} site:${pick(HOSTS)}` });
    else if (r < 0.8) out.push({ query: `${words} -${mid()}` });
    else if (r < 0.9) out.push({ query: words, tbs: 'qdr:m' });
    else if (r < 0.95) out.push({ query: `intitle:${mid()}` });
    else out.push({ query: words, sources: ['images'] });
  }
  return out;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Every figure printed, also kept for the REPORT.md section. */
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

async function main() {
  const root = values.keep ?? mkdtempSync(join(tmpdir(), 'distill-search-bench-'));
  const pages = join(root, 'pages');
  const idx = join(root, 'index');
  mkdirSync(pages, { recursive: true });
  let t = performance.now();
  const bytes = generate(pages);
  say(
    `generated ${N_DOCS} HTML pages (${(bytes / 1e6).toFixed(1)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  t = performance.now();
  let cpu = process.cpuUsage();
  const built = await buildIndex(pages, idx);
  const buildS = (performance.now() - t) / 1000;
  const buildCpu = process.cpuUsage(cpu);
  const buildCpuS = (buildCpu.user + buildCpu.system) / 1e6;
  const size = statSync(join(idx, INDEX_FILE)).size;
  say(
    `index build: ${built.stats.indexed} docs in ${buildS.toFixed(1)} s = ${(built.stats.indexed / buildS).toFixed(0)} docs/s ` +
      `(parsing included; ${built.stats.terms} terms, ${built.stats.images} images, ${(size / 1e6).toFixed(1)} MB on disk); ` +
      `CPU ${buildCpuS.toFixed(1)} s = ${(built.stats.indexed / buildCpuS).toFixed(0)} docs per CPU-second`,
  );

  t = performance.now();
  const index = await LocalIndex.open(idx);
  say(`index load: ${(performance.now() - t).toFixed(0)} ms`);
  const provider = new LocalIndexProvider(index);
  const qs = queries(index);
  // Warm-up, so JIT compilation is not measured as latency.
  for (const q of qs.slice(0, 20)) await search(q, { provider });
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let hits = 0;
  for (const q of qs) {
    const t0 = performance.now();
    cpu = process.cpuUsage();
    const res = await search(q, { provider });
    times.push(performance.now() - t0);
    const c = process.cpuUsage(cpu);
    cpuTimes.push((c.user + c.system) / 1000);
    hits += (res.data.web?.length ?? 0) + (res.data.images?.length ?? 0);
  }
  say(
    `queries: ${qs.length} (plain, phrase, site:, -word, qdr:m, intitle:, images), full search() path incl. highlights: ` +
      `p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms; ` +
      `${(hits / qs.length).toFixed(1)} results per query`,
  );
  // On a shared machine wall time includes waiting for a core; CPU time is the work itself.
  say(`query CPU time: p50 ${pct(cpuTimes, 50).toFixed(2)} ms, p99 ${pct(cpuTimes, 99).toFixed(2)} ms`);
  if (!values.keep) rmSync(root, { recursive: true, force: true });
  const md = [
    '## Speed: local search index',
    '',
    `${N_DOCS} generated HTML pages, ${N_QUERIES} queries. \`pnpm bench search\`.`,
    '',
    ...lines.map((l) => `- ${l}`),
    '',
  ].join('\n');
  writeSection('speed-search', md, { docs: N_DOCS, queries: N_QUERIES, lines }, machineLine());
  console.log(`wrote ${writeReport()}`);
}

runMain(main);
