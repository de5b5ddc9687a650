/**
 * Load test of the /v2 API on loopback (issues 9 and 29).
 *
 *   pnpm bench load [--clients 16] [--seconds 60] [--csv-mb 49] [--rounds 2] [--idle 30]
 *                   [--steady] [--duration 60] [--connections 16] [--inputs pdf,docx]
 *                   [--big 64] [--big-mb 40] [--big-concurrency 4]
 *
 * By default the mixed phase (server-load-mixed.ts): `clients` clients parse small documents
 * while one 49 MB CSV runs, `--rounds 2` times against the same server with `--idle 30` s
 * between and after them (the server is asked to collect garbage at the start of each idle
 * period), its RSS sampled once a second throughout: a leak raises each round's peak and
 * floor, a high-water mark does not. Writes results/load-server-mixed.json. The phases below
 * run when asked (`--steady`, `--big N`) and write results/load-server.json.
 *
 * Phase 1 (autocannon): `connections` clients upload each input for `duration` seconds;
 * requests/s, p50/p99 latency, errors and non-2xx, and the server's RSS sampled every second
 * (flat after warm-up, or not). Inputs default to a one-page PDF and a small DOCX; an input
 * whose parser is not registered in this build is replaced by CSV and HTML.
 * Phase 2: `big` concurrent uploads of `big-mb` MB each (a PDF-shaped body returned base64 with
 * `parsers: []`), sent with node:http from one shared buffer: the server's peak RSS, which the
 * concurrency limit bounds. The server runs in a child process so its RSS is its own.
 * Writes results/load-server.json and REPORT.md.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@distill/server';
import autocannon from 'autocannon';
import { defaultRegistry } from 'distill';
import { CORPORA } from './paths.js';
import { rssMb as rssMbExact } from './proc.js';
import { writeReport } from './report.js';
import { machineLine, writeSection } from './results.js';
import { runMain } from './run-main.js';
import { type MemoryRound, mixedLoad, mixedSection } from './server-load-mixed.js';

const KEY = 'load-test-key';
const args = process.argv.slice(2);
const flag = (name: string, dflt: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : dflt;
};

interface Input {
  name: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

function corpusInputs(list = flag('inputs', 'pdf,docx')): Input[] {
  const file = (format: string, rel: string, contentType: string): Input => ({
    name: `${format} ${rel.split('/').pop()}`,
    filename: rel.split('/').pop()!,
    contentType,
    bytes: readFileSync(resolve(CORPORA, rel)),
  });
  const all = {
    pdf: () => file('pdf', 'pdf/dpbench-dev/pdfs/01030000000152.pdf', 'application/pdf'),
    docx: () =>
      file(
        'docx',
        'office/markitdown/test_with_comment.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
    html: () => file('html', 'office/markitdown/test_blog.html', 'text/html'),
    csv: () => file('csv', 'office/sheetjs/2016/number_format.xlsm.1.csv', 'text/csv'),
  } as const;
  const wanted = list.split(',') as (keyof typeof all)[];
  const have = new Set<string>(defaultRegistry.formats());
  const chosen = wanted.filter((f) => have.has(f));
  if (chosen.length < wanted.length) {
    console.log(`# not registered in this build: ${wanted.filter((f) => !have.has(f)).join(', ')}`);
    for (const f of ['csv', 'html'] as const) if (have.has(f) && !chosen.includes(f)) chosen.push(f);
  }
  return chosen.map((f) => all[f]());
}

function multipart(input: Input, options: object): { body: Buffer; contentType: string } {
  const b = '----distill-load-boundary';
  const head = Buffer.from(
    `--${b}\r\nContent-Disposition: form-data; name="options"\r\n\r\n${JSON.stringify(options)}\r\n` +
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${input.filename}"\r\n` +
      `Content-Type: ${input.contentType}\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, input.bytes, Buffer.from(`\r\n--${b}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${b}`,
  };
}

const rssMb = (pid: number) => Math.round(rssMbExact(pid));

async function startChild(
  extra: string[],
): Promise<{ url: string; pid: number; stop: () => void; gc: () => void }> {
  const self = fileURLToPath(import.meta.url);
  // --expose-gc: SIGUSR2 asks the server to collect garbage (the idle periods of the mixed run).
  const child = spawn(process.execPath, [...process.execArgv, '--expose-gc', self, '--serve', ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((res, rej) => {
    child.stdout.once('data', (c) => res(String(c).trim()));
    child.once('exit', (code) => rej(new Error(`server exited with ${code}`)));
  });
  return { url, pid: child.pid!, stop: () => child.kill('SIGTERM'), gc: () => child.kill('SIGUSR2') };
}

/** RSS once a second for `seconds`, after asking the server to collect garbage. */
async function idle(seconds: number, pid: number, gc: () => void): Promise<number[]> {
  gc();
  const out: number[] = [];
  for (let i = 0; i < seconds; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    out.push(rssMb(pid));
  }
  return out;
}

function upload(url: string, body: Buffer, contentType: string): Promise<number> {
  return new Promise((res) => {
    const req = request(
      `${url}/v2/parse`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${KEY}`,
          'content-type': contentType,
          'content-length': body.length,
        },
      },
      (r) => {
        r.resume();
        r.on('end', () => res(r.statusCode ?? 0));
      },
    );
    req.on('error', () => res(-1));
    req.end(body);
  });
}

interface SteadyRow {
  input: string;
  bytes: number;
  connections: number;
  duration: number;
  warmOk: number;
  reqPerS: number;
  total: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  warmupS: number;
  /** RSS once a second during the run, MB. */
  rss: number[];
}

async function steady(input: Input, duration: number, connections: number): Promise<SteadyRow> {
  const child = await startChild(['--max-concurrent', String(connections), '--max-queued', '64']);
  try {
    const { body, contentType } = multipart(input, { formats: ['markdown'] });
    // Warm-up outside the measurement: the first requests load parsers and start their pools.
    const warm = await Promise.all(
      Array.from({ length: connections }, () => upload(child.url, body, contentType)),
    );
    const rss: number[] = [];
    const timer = setInterval(() => rss.push(rssMb(child.pid)), 1000);
    const r = await autocannon({
      url: `${child.url}/v2/parse`,
      method: 'POST',
      connections,
      duration,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': contentType },
      body,
    });
    clearInterval(timer);
    rss.push(rssMb(child.pid));
    const row: SteadyRow = {
      input: input.name,
      bytes: input.bytes.length,
      connections,
      duration,
      warmOk: warm.filter((s) => s === 200).length,
      reqPerS: r.requests.average,
      total: r.requests.total,
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      errors: r.errors,
      timeouts: r.timeouts,
      non2xx: r.non2xx,
      warmupS: Math.min(10, Math.floor(duration / 3)),
      rss,
    };
    console.log(JSON.stringify({ ...row, rss: undefined }), `rss ${rss.join(' ')}`);
    return row;
  } finally {
    child.stop();
  }
}

interface BigRow {
  count: number;
  mb: number;
  concurrency: number;
  statuses: Record<string, number>;
  seconds: number;
  idleMb: number;
  peakMb: number;
}

async function bigUploads(count: number, mb: number, concurrency: number): Promise<BigRow> {
  const child = await startChild(['--max-concurrent', String(concurrency), '--max-queued', String(count)]);
  try {
    const pad = Buffer.alloc(mb * 1024 * 1024 - 64 * 1024, 0x20);
    const pdfShaped: Input = {
      name: 'raw pdf',
      filename: 'big.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), pad, Buffer.from('\n%%EOF\n')]),
    };
    const { body, contentType } = multipart(pdfShaped, { parsers: [] });
    const idleMb = rssMb(child.pid);
    let peakMb = idleMb;
    const timer = setInterval(() => {
      peakMb = Math.max(peakMb, rssMb(child.pid));
    }, 200);
    const t0 = Date.now();
    const codes = await Promise.all(
      Array.from({ length: count }, () => upload(child.url, body, contentType)),
    );
    clearInterval(timer);
    peakMb = Math.max(peakMb, rssMb(child.pid));
    const statuses: Record<string, number> = {};
    for (const s of codes) statuses[s] = (statuses[s] ?? 0) + 1;
    const row = { count, mb, concurrency, statuses, seconds: (Date.now() - t0) / 1000, idleMb, peakMb };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    child.stop();
  }
}

/** RSS at a few points of the run: after warm-up, quarters, end, and the largest sample. */
function rssCells(r: SteadyRow): string {
  const s = r.rss;
  const at = (f: number) => s[Math.min(s.length - 1, Math.floor(f * (s.length - 1)))] ?? 0;
  const afterWarm = s[Math.min(s.length - 1, r.warmupS)] ?? 0;
  const pts = [afterWarm, at(0.5), at(0.75), s[s.length - 1] ?? 0];
  return `${pts.join(' → ')} (max ${Math.max(...s)})`;
}

function section(rows: SteadyRow[], big: BigRow | undefined): string {
  const out = [
    '## Load: the /v2 API (server)',
    '',
    'autocannon on loopback against `POST /v2/parse` (multipart upload), the server in its own process with the per-key concurrency limit at the client count; a warm-up round of one request per client runs before timing. `pnpm bench load`.',
    '',
  ];
  if (rows.length) {
    out.push(
      '| input | clients × seconds | req/s | requests | p50 ms | p99 ms | max ms | errors | timeouts | non-2xx | server RSS MB: after warm-up → half → ¾ → end |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows.map(
        (r) =>
          `| ${r.input} (${r.bytes} B) | ${r.connections} × ${r.duration} | ${r.reqPerS.toFixed(1)} | ${r.total} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} | ${r.timeouts} | ${r.non2xx} | ${rssCells(r)} |`,
      ),
      '',
    );
  }
  if (big) {
    out.push(
      `**${big.count} concurrent uploads of ${big.mb} MB** (\`parsers: []\`, the file returned base64), server concurrency limit ${big.concurrency}, waiting requests queued: statuses ${Object.entries(
        big.statuses,
      )
        .map(([k, v]) => `${k} × ${v}`)
        .join(
          ', ',
        )} in ${big.seconds.toFixed(1)} s; server RSS idle ${big.idleMb} MB, **peak ${big.peakMb} MB** (all bodies held at once would be ${big.count * big.mb} MB).`,
      '',
    );
  }
  return out.join('\n');
}

async function mixed(): Promise<void> {
  const child = await startChild(['--max-concurrent', '4', '--max-queued', '64']);
  try {
    const have = new Set<string>(defaultRegistry.formats());
    const wanted = ['csv', 'html', 'docx'].filter((f) => have.has(f));
    const rounds = Number(flag('rounds', '2'));
    const idleS = Number(flag('idle', '30'));
    const memory: MemoryRound[] = [];
    let row: Awaited<ReturnType<typeof mixedLoad>> | undefined;
    const startMb = rssMb(child.pid);
    for (let i = 0; i < rounds; i++) {
      const r = await mixedLoad({
        url: child.url,
        key: KEY,
        clients: Number(flag('clients', '16')),
        seconds: Number(flag('seconds', '60')),
        bigMb: Number(flag('csv-mb', '49')),
        small: corpusInputs(wanted.join(',')),
        rssMb: () => rssMb(child.pid),
      });
      // The first round is the one the table reports; later rounds are there for memory.
      row ??= r;
      const after = await idle(idleS, child.pid, child.gc);
      memory.push({
        round: i + 1,
        startMb: r.rss[0] ?? 0,
        peakMb: Math.max(...r.rss),
        endMb: r.rss[r.rss.length - 1] ?? 0,
        idleMb: after[after.length - 1] ?? 0,
        samples: [...r.rss, ...after],
        big: r.big,
      });
      console.log(
        JSON.stringify({ round: i + 1, big: r.big, small: { ...r.small, sampleNonCatalogue: undefined } }),
      );
    }
    const machine = machineLine();
    const md = mixedSection(row!, machine, { startMb, idleS, rounds: memory });
    console.log(md);
    writeSection('load-server-mixed', md, { ...row, memory }, machine);
  } finally {
    child.stop();
  }
}

async function main() {
  const duration = Number(flag('duration', '60'));
  const connections = Number(flag('connections', '16'));
  const rows: SteadyRow[] = [];
  const count = Number(flag('big', '0'));
  if (!args.includes('--steady') && count === 0) {
    await mixed();
    console.log(`wrote ${writeReport()}`);
    return;
  }
  if (args.includes('--steady'))
    for (const input of corpusInputs()) rows.push(await steady(input, duration, connections));
  const big =
    count > 0
      ? await bigUploads(count, Number(flag('big-mb', '40')), Number(flag('big-concurrency', '4')))
      : undefined;
  const md = section(rows, big);
  writeSection('load-server', md, { rows, big }, machineLine());
  console.log(md);
  console.log(`wrote ${writeReport()}`);
}

if (args.includes('--serve')) {
  const server = await serve({
    port: 0,
    env: { DISTILL_API_KEYS: KEY },
    config: {
      logger: false,
      limits: {
        maxConcurrent: Number(flag('max-concurrent', '4')),
        maxQueued: Number(flag('max-queued', '64')),
      },
      maxConcurrentJobs: Number(flag('max-concurrent', '4')),
    },
  });
  process.stdout.write(`${server.url}\n`);
  // The load bench's idle periods: collect garbage now, so what stays resident is what is held.
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    // What the main thread holds after the collection (RSS minus this is threads and the allocator).
    const m = process.memoryUsage();
    const mb = (n: number) => Math.round(n / 2 ** 20);
    process.stderr.write(
      `# after gc: rss ${mb(m.rss)} MB, main heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} MB, external ${mb(m.external)} MB, array buffers ${mb(m.arrayBuffers)} MB\n`,
    );
  });
} else {
  runMain(main);
}
