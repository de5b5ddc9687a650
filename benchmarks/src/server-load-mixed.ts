/**
 * The mixed phase of `pnpm bench load` (issue 29): `clients` concurrent clients upload small
 * documents in a loop against one spawned server while one of them, first, uploads a 49 MB CSV
 * (made at run time in a temporary folder, under the spec's 50 MB limit), and a probe asks
 * /v2/health every 250 ms. Reported: errors that are not catalogue errors (must be 0), the
 * small requests' p50/p99 latency while the big one runs and over the whole run, how the big
 * one was answered (200, or a catalogue error), health latency meanwhile, and the server's
 * RSS once a second.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CATALOGUE } from 'distill';

export interface Upload {
  name: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

interface Outcome {
  start: number;
  end: number;
  status: number;
  /** The catalogue code of an error answer; undefined for 2xx. */
  code?: string;
  /** Set when the answer was not a catalogue error: a socket error, a body that is no catalogue entry. */
  foreign?: string;
}

export interface MixedRow {
  clients: number;
  seconds: number;
  bigMb: number;
  big: { status: number; code?: string; foreign?: string; seconds: number };
  small: {
    total: number;
    ok: number;
    catalogueErrors: Record<string, number>;
    nonCatalogueErrors: number;
    sampleNonCatalogue: string[];
    p50: number;
    p99: number;
    duringBig: { total: number; ok: number; p50: number; p99: number };
  };
  health: { duringBig: number; p50: number; max: number; failed: number };
  rss: number[];
}

/** A CSV of `mb` MB, deterministic: rows of a counter, a word and a number. */
export function makeBigCsv(mb: number): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'distill-load-'));
  const path = join(dir, `big-${mb}mb.csv`);
  const target = mb * 1024 * 1024;
  const words = ['alder', 'birch', 'cedar', 'damson', 'elder', 'fir', 'gean', 'hazel'];
  const parts: string[] = ['id,tree,height_cm,note\n'];
  let size = parts[0]!.length;
  for (let i = 0; size < target - 64; i++) {
    const row = `${i},${words[i % words.length]},${(i * 7919) % 10_000},row ${i} of the load test\n`;
    parts.push(row);
    size += row.length;
  }
  writeFileSync(path, parts.join(''));
  return { dir, path };
}

function multipart(input: Upload): { body: Buffer; contentType: string } {
  const b = '----distill-mixed-load';
  const head = Buffer.from(
    `--${b}\r\nContent-Disposition: form-data; name="options"\r\n\r\n{"formats":["markdown"]}\r\n` +
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${input.filename}"\r\n` +
      `Content-Type: ${input.contentType}\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, input.bytes, Buffer.from(`\r\n--${b}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${b}`,
  };
}

/** One request; classifies the answer as 2xx, a catalogue error, or something else. */
function send(
  url: string,
  key: string,
  method: string,
  path: string,
  body?: Buffer,
  type?: string,
): Promise<Outcome> {
  const start = performance.now();
  return new Promise((resolve) => {
    const req = request(
      `${url}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body ? { 'content-type': type, 'content-length': body.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        const status = res.statusCode ?? 0;
        // A 2xx body can be large (the big CSV's Markdown); only error bodies are kept.
        res.on('data', (c: Buffer) => {
          if (status >= 300) chunks.push(c);
        });
        res.on('end', () => {
          const end = performance.now();
          if (status >= 200 && status < 300) return resolve({ start, end, status });
          let code: string | undefined;
          try {
            code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: string }).code;
          } catch {}
          if (code && code in ERROR_CATALOGUE) return resolve({ start, end, status, code });
          resolve({
            start,
            end,
            status,
            foreign: `${status} ${Buffer.concat(chunks).toString('utf8').slice(0, 120)}`,
          });
        });
        res.on('error', (e) => resolve({ start, end: performance.now(), status: -1, foreign: e.message }));
      },
    );
    req.on('error', (e) => resolve({ start, end: performance.now(), status: -1, foreign: e.message }));
    req.end(body);
  });
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!);
};

export async function mixedLoad(opts: {
  url: string;
  key: string;
  clients: number;
  seconds: number;
  bigMb: number;
  small: Upload[];
  rssMb: () => number;
}): Promise<MixedRow> {
  const { dir, path } = makeBigCsv(opts.bigMb);
  try {
    const big = multipart({
      name: 'big csv',
      filename: 'big.csv',
      contentType: 'text/csv',
      bytes: await readFile(path),
    });
    const small = opts.small.map(multipart);
    const rss: number[] = [opts.rssMb()];
    const rssTimer = setInterval(() => rss.push(opts.rssMb()), 1000);
    const t0 = performance.now();
    const until = t0 + opts.seconds * 1000;
    let bigDone: Outcome | undefined;
    const outcomes: Outcome[] = [];
    const health: Outcome[] = [];
    let stop = false;
    const probe = (async () => {
      while (!stop) {
        health.push(await send(opts.url, opts.key, 'GET', '/v2/health'));
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const client = async (i: number) => {
      if (i === 0) bigDone = await send(opts.url, opts.key, 'POST', '/v2/parse', big.body, big.contentType);
      for (let n = i; !stop; n++) {
        const s = small[n % small.length]!;
        outcomes.push(await send(opts.url, opts.key, 'POST', '/v2/parse', s.body, s.contentType));
        if (performance.now() >= until && bigDone) stop = true;
      }
    };
    await Promise.all(Array.from({ length: opts.clients }, (_, i) => client(i)));
    stop = true;
    await probe;
    clearInterval(rssTimer);
    rss.push(opts.rssMb());
    const b = bigDone!;
    const during = (o: Outcome) => o.start < b.end && o.end > b.start;
    const lat = (os: Outcome[]) => os.filter((o) => o.status === 200).map((o) => o.end - o.start);
    const catalogueErrors: Record<string, number> = {};
    for (const o of outcomes) if (o.code) catalogueErrors[o.code] = (catalogueErrors[o.code] ?? 0) + 1;
    const foreign = outcomes.filter((o) => o.foreign);
    const smallDuring = outcomes.filter(during);
    const healthDuring = health.filter(during);
    return {
      clients: opts.clients,
      seconds: Math.round((performance.now() - t0) / 100) / 10,
      bigMb: opts.bigMb,
      big: {
        status: b.status,
        code: b.code,
        foreign: b.foreign,
        seconds: Math.round((b.end - b.start) / 100) / 10,
      },
      small: {
        total: outcomes.length,
        ok: outcomes.filter((o) => o.status === 200).length,
        catalogueErrors,
        nonCatalogueErrors: foreign.length,
        sampleNonCatalogue: foreign.slice(0, 3).map((o) => o.foreign ?? ''),
        p50: pct(lat(outcomes), 50),
        p99: pct(lat(outcomes), 99),
        duringBig: {
          total: smallDuring.length,
          ok: smallDuring.filter((o) => o.status === 200).length,
          p50: pct(lat(smallDuring), 50),
          p99: pct(lat(smallDuring), 99),
        },
      },
      health: {
        duringBig: healthDuring.length,
        p50: pct(lat(healthDuring), 50),
        max: pct(lat(healthDuring), 100),
        failed: health.filter((o) => o.status !== 200).length,
      },
      rss,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One round of the mixed load and the idle period after it: the server's RSS, MB. */
export interface MemoryRound {
  round: number;
  startMb: number;
  peakMb: number;
  /** When the round's last request was answered. */
  endMb: number;
  /** At the end of the idle period after it (garbage collected at its start). */
  idleMb: number;
  /** Once a second over the round and its idle period. */
  samples: number[];
  big: MixedRow['big'];
}

/** The REPORT.md section of the mixed phase. */
export function mixedSection(
  r: MixedRow,
  machine: string,
  memory?: { startMb: number; idleS: number; rounds: MemoryRound[] },
): string {
  const codes = Object.entries(r.small.catalogueErrors)
    .map(([k, v]) => `${k} × ${v}`)
    .join(', ');
  const bigAnswer = r.big.foreign
    ? `**not a catalogue answer**: ${r.big.foreign}`
    : r.big.code
      ? `refused with the catalogue error ${r.big.code} (${r.big.status})`
      : `answered ${r.big.status}`;
  const s = r.rss;
  return [
    '## Load: one 49 MB CSV among small parses (server)',
    '',
    `\`pnpm bench load\`: ${r.clients} concurrent clients against a spawned \`distill serve\` (default limits: 4 jobs at once, parsing in heap-capped worker threads), each uploading small documents (CSV, HTML, DOCX) in a loop for ${r.seconds} s; client 1 first uploads a ${r.bigMb} MB CSV made at run time. /v2/health is asked every 250 ms. Machine: ${machine}.`,
    '',
    '| | requests | 200 | catalogue errors | non-catalogue errors | p50 ms | p99 ms |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| small parses, whole run | ${r.small.total} | ${r.small.ok} | ${codes || '0'} | **${r.small.nonCatalogueErrors}** | ${r.small.p50} | ${r.small.p99} |`,
    `| small parses while the 49 MB CSV ran | ${r.small.duringBig.total} | ${r.small.duringBig.ok} | | | ${r.small.duringBig.p50} | ${r.small.duringBig.p99} |`,
    `| /v2/health while it ran | ${r.health.duringBig} | ${r.health.duringBig - r.health.failed} | | | ${r.health.p50} | max ${r.health.max} |`,
    '',
    `The ${r.bigMb} MB CSV: ${bigAnswer} after ${r.big.seconds} s. Server RSS, MB, once a second: start ${s[0]}, max ${Math.max(...s)}, end ${s[s.length - 1]} (${s.join(' ')}).`,
    '',
    ...(memory ? memorySection(memory) : []),
  ].join('\n');
}

function memorySection(m: { startMb: number; idleS: number; rounds: MemoryRound[] }): string[] {
  const bigOf = (b: MixedRow['big']) => (b.code ? `${b.code} (${b.status})` : String(b.status));
  return [
    `Memory over ${m.rounds.length} identical rounds against the same server, each followed by ${m.idleS} s idle (the server collects garbage at the start of it). Server RSS, MB; the server started at ${m.startMb}.`,
    '',
    '| round | RSS at start | peak | when the load ended | after idle | the big CSV |',
    '| --- | --- | --- | --- | --- | --- |',
    ...m.rounds.map(
      (x) => `| ${x.round} | ${x.startMb} | ${x.peakMb} | ${x.endMb} | ${x.idleMb} | ${bigOf(x.big)} |`,
    ),
    '',
    ...m.rounds.map((x) => `Round ${x.round}, once a second: ${x.samples.join(' ')}.`),
    '',
  ];
}
