/**
 * Dev tool: parse5 alone, distill (the public parse() API, Markdown, main-content filter on) and
 * turndown alone, run page by page in turn on the WCXB dev pages, so a shared machine's load
 * hits all three alike (the benchmark runs engines one after another).
 *
 *   node --conditions=distill-source --import tsx packages/html/scripts/speed-peers.ts [count]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse as parse5 } from 'parse5';
// @ts-expect-error
import TurndownService from '../../../benchmarks/node_modules/turndown/lib/turndown.cjs.js';
import { parse } from '../../distill/src/index.js';

const dir = '../shared/corpora/html/wcxb-dev/html';
const files = readdirSync(dir).slice(0, Number(process.argv[2] ?? 501));
const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
let tp = 0,
  tdist = 0,
  ttd = 0,
  bytes = 0;
for (const f of files) {
  const b = gunzipSync(readFileSync(`${dir}/${f}`));
  bytes += b.length;
  let t = performance.now();
  parse5(new TextDecoder().decode(b));
  tp += performance.now() - t;
  t = performance.now();
  await parse(
    { data: new Uint8Array(b), filename: f.replace('.gz', '') },
    { formats: ['markdown'], timeout: 300_000 },
  );
  tdist += performance.now() - t;
  t = performance.now();
  td.turndown(new TextDecoder().decode(b));
  ttd += performance.now() - t;
}
const mb = bytes / 1e6;
const r = (ms: number) => (mb / (ms / 1000)).toFixed(1);
console.log(
  `${files.length} pages ${mb.toFixed(1)} MB: parse5 ${r(tp)} MB/s, distill ${r(tdist)} MB/s, turndown ${r(ttd)} MB/s; distill/turndown throughput ${(ttd / tdist).toFixed(2)}x, distill time / parse5 time ${(tdist / tp).toFixed(2)}; peak rss ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
);
