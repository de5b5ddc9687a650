/**
 * Load test of the /v2 API on loopback.
 *
 *   node --conditions=source --import tsx packages/server/scripts/load.ts [--duration 60]
 *        [--connections 16] [--inputs pdf,docx] [--big 64] [--big-mb 40] [--skip-steady]
 *
 * Phase 1 (autocannon): `connections` clients upload each input for `duration` seconds;
 * prints requests/s, p50/p99 latency, errors and non-2xx, and the server's RSS after warm-up
 * and at the end. Inputs default to a one-page PDF and a small DOCX; inputs whose parser is not
 * registered in this build are replaced by CSV and HTML (and skipped when those are missing too).
 * Phase 2: `big` concurrent uploads of `big-mb` MB each (a PDF-shaped body returned base64 with
 * `parsers: []`), sent with node:http from one shared buffer; prints the server's peak RSS,
 * which the concurrency limit bounds.
 *
 * The server runs in a child process (this script with --serve) so its RSS is its own.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { defaultRegistry } from 'distill';
import { serve } from '../src/serve.js';

const KEY = 'load-test-key';
const args = process.argv.slice(2);
const flag = (name: string, dflt: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : dflt;
};

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
} else {
  await main();
}

interface Input {
  name: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

function corpusInputs(): Input[] {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const corpora = resolve(here, '../../../../shared/corpora');
  const file = (format: string, rel: string, contentType: string): Input & { format: string } => ({
    format,
    name: `${format} ${rel.split('/').pop()}`,
    filename: rel.split('/').pop()!,
    contentType,
    bytes: readFileSync(resolve(corpora, rel)),
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
  const wanted = flag('inputs', 'pdf,docx').split(',') as (keyof typeof all)[];
  const have = new Set<string>(defaultRegistry.formats());
  const chosen = wanted.filter((f) => have.has(f));
  if (chosen.length < wanted.length) {
    const missing = wanted.filter((f) => !have.has(f));
    console.log(
      `# not registered in this build: ${missing.join(', ')}; using csv/html instead where present`,
    );
    for (const f of ['csv', 'html'] as const) if (have.has(f) && !chosen.includes(f)) chosen.push(f);
    const skipped = ['csv', 'html'].filter((f) => !have.has(f));
    if (skipped.length) console.log(`# also not registered: ${skipped.join(', ')}`);
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

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function startChild(extra: string[]): Promise<{ url: string; pid: number; stop: () => void }> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [...process.execArgv, self, '--serve', ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((res, rej) => {
    child.stdout.once('data', (c) => res(String(c).trim()));
    child.once('exit', (code) => rej(new Error(`server exited with ${code}`)));
  });
  return { url, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

async function steady(url: string, pid: number, input: Input, duration: number, connections: number) {
  const { body, contentType } = multipart(input, { formats: ['markdown'] });
  // Warm-up outside the measurement: the first requests start parser worker pools.
  const warm = await Promise.all(Array.from({ length: connections }, () => upload(url, body, contentType)));
  const warmOk = warm.filter((s) => s === 200).length;
  const samples: number[] = [];
  const warmupS = Math.min(10, Math.floor(duration / 3));
  let afterWarmup = 0;
  const started = Date.now();
  const timer = setInterval(() => {
    const mb = rssMb(pid);
    samples.push(mb);
    if (!afterWarmup && Date.now() - started >= warmupS * 1000) afterWarmup = mb;
  }, 1000);
  const result = await autocannon({
    url: `${url}/v2/parse`,
    method: 'POST',
    connections,
    duration,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': contentType },
    body,
  });
  clearInterval(timer);
  const end = rssMb(pid);
  console.log(
    [
      `${input.name} (${input.bytes.length} B): ${connections} clients x ${duration} s (warm-up ${warmOk}/${connections} ok)`,
      `  requests/s avg ${result.requests.average}  total ${result.requests.total}`,
      `  latency ms p50 ${result.latency.p50}  p99 ${result.latency.p99}  max ${result.latency.max}`,
      `  errors ${result.errors}  timeouts ${result.timeouts}  non-2xx ${result.non2xx}`,
      `  server RSS MB after ${warmupS}s warm-up ${afterWarmup}  end ${end}  max ${Math.max(...samples, end)}`,
    ].join('\n'),
  );
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

async function bigUploads(count: number, mb: number, maxConcurrent: number) {
  const child = await startChild(['--max-concurrent', String(maxConcurrent), '--max-queued', String(count)]);
  try {
    const pad = Buffer.alloc(mb * 1024 * 1024 - 64 * 1024, 0x20);
    const pdfShaped: Input = {
      name: 'raw pdf',
      filename: 'big.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), pad, Buffer.from('\n%%EOF\n')]),
    };
    const { body, contentType } = multipart(pdfShaped, { parsers: [] });
    const idle = rssMb(child.pid);
    let peak = idle;
    const timer = setInterval(() => {
      peak = Math.max(peak, rssMb(child.pid));
    }, 200);
    const t0 = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: count }, () => upload(child.url, body, contentType)),
    );
    clearInterval(timer);
    peak = Math.max(peak, rssMb(child.pid));
    const counts: Record<string, number> = {};
    for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
    console.log(
      [
        `${count} concurrent uploads of ${mb} MB (parsers: [], base64 back), server concurrency ${maxConcurrent}`,
        `  statuses ${JSON.stringify(counts)}  in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
        `  server RSS MB idle ${idle}  peak ${peak}  (${count} bodies would be ${count * mb} MB if all were held)`,
      ].join('\n'),
    );
  } finally {
    child.stop();
  }
}

async function main() {
  const duration = Number(flag('duration', '60'));
  const connections = Number(flag('connections', '16'));
  console.log(`# node ${process.version}, ${new Date().toISOString()}`);
  if (!args.includes('--skip-steady')) {
    const inputs = corpusInputs();
    for (const input of inputs) {
      const child = await startChild(['--max-concurrent', String(connections), '--max-queued', '64']);
      try {
        await steady(child.url, child.pid, input, duration, connections);
      } finally {
        child.stop();
      }
    }
  }
  const big = Number(flag('big', '64'));
  if (big > 0) await bigUploads(big, Number(flag('big-mb', '40')), Number(flag('big-concurrency', '4')));
}
