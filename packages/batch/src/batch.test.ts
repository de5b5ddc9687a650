import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Queue } from 'bullmq';
import { defaultRegistry, formatFromExtension } from 'distill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BatchItem, batch } from './index.js';
import type { ManifestEntry } from './manifest.js';

const ROOT = process.cwd();
const CORPORA = process.env.DISTILL_CORPORA ?? resolve(ROOT, '../shared/corpora');
const BIN = resolve(ROOT, 'packages/cli/dist/cold/bin.cjs');

function ensureBuilt() {
  if (!existsSync(BIN) || !existsSync(resolve(ROOT, 'packages/batch/dist/worker.js'))) {
    execFileSync('pnpm', ['--filter', '@distill/cli...', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }
}

/** Corrupt inputs: a truncated OOXML package, junk named .pdf, an empty CSV, an HTML page named .xlsx. */
function makeBadFiles(dir: string): Record<string, string> {
  mkdirSync(dir, { recursive: true });
  const docx = readFileSync(join(CORPORA, 'office/markitdown/test.docx'));
  writeFileSync(join(dir, 'truncated.docx'), docx.subarray(0, Math.floor(docx.length / 2)));
  writeFileSync(
    join(dir, 'junk.pdf'),
    Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + 1) % 256)),
  );
  writeFileSync(join(dir, 'empty.csv'), '');
  return {
    [resolve(dir, 'truncated.docx')]: 'FILE_CORRUPT',
    [resolve(dir, 'junk.pdf')]: 'UNSUPPORTED_FILE_TYPE',
    [resolve(dir, 'empty.csv')]: 'FILE_CORRUPT',
  };
}

const readManifest = (out: string): ManifestEntry[] =>
  readFileSync(join(out, 'manifest.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

async function collect(it: AsyncIterable<BatchItem>): Promise<BatchItem[]> {
  const out: BatchItem[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('batch() over the corpora with corrupt files mixed in', () => {
  const work = mkdtempSync(join(tmpdir(), 'distill-batch-'));
  const bad = makeBadFiles(join(work, 'bad'));
  const out = join(work, 'out');
  const inputs = [join(CORPORA, 'office'), join(CORPORA, 'pdf/dpbench-dev/pdfs'), join(work, 'bad')];

  beforeAll(ensureBuilt);

  it('converts every file whose format this build reads, and records every bad file with its code', async () => {
    const items = await collect(batch(inputs, { out, concurrency: 2 }));
    expect(items.length).toBeGreaterThan(250);
    const byPath = new Map(items.map((i) => [i.path, i]));
    for (const [path, code] of Object.entries(bad)) {
      expect(byPath.get(path)?.status, path).toBe('error');
      expect(byPath.get(path)?.code, path).toBe(code);
    }
    const readable = new Set(defaultRegistry.formats());
    const good = items.filter((i) => !(i.path in bad) && readable.has(formatFromExtension(i.path)!));
    expect(good.length).toBeGreaterThan(0);
    const failedGood = good.filter((i) => i.status !== 'ok').map((i) => `${i.path}: ${i.code} ${i.error}`);
    expect(failedGood).toEqual([]);
    for (const i of good) for (const o of i.outputs ?? []) expect(existsSync(o)).toBe(true);
    // Files of formats this build has no parser for are failures with a clear code, not crashes.
    for (const i of items.filter((x) => !readable.has(formatFromExtension(x.path)!) && !(x.path in bad))) {
      expect(i.code).toBe('UNSUPPORTED_FILE_TYPE');
    }
    const manifest = readManifest(out);
    expect(manifest).toHaveLength(items.length);
    for (const e of manifest) {
      expect(e.size).toBeGreaterThan(-1);
      if (e.status === 'ok') expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
      else expect(e.code).toBeTruthy();
    }
    expect(existsSync(join(out, 'office/docling/csv/sources/csv-comma.csv.md'))).toBe(true);
  });

  it('names a missing input as NOT_FOUND, and goes on with the rest', async () => {
    const missing = join(work, 'no-such-folder');
    const csv = join(CORPORA, 'office/docling/csv/sources/csv-comma.csv');
    const items = await collect(batch([missing, csv], { out: join(work, 'out-missing'), concurrency: 1 }));
    const gone = items.find((i) => i.path === missing);
    expect(gone?.code).toBe('NOT_FOUND');
    expect(gone?.error).toContain(missing);
    expect(items.find((i) => i.path === csv)?.status).toBe('ok');
  });

  it('does no work on a second run', async () => {
    const again = await collect(batch(inputs, { out, concurrency: 2 }));
    // Files of no supported format are counted again (not converted); the rest were done.
    expect(again.every((i) => i.skipped || i.status === 'unsupported')).toBe(true);
    expect(readManifest(out).length).toBe(again.length);
  });
});

describe('distill batch (the CLI)', () => {
  const work = mkdtempSync(join(tmpdir(), 'distill-batch-cli-'));
  const src = join(work, 'src');
  const N = 120;

  beforeAll(() => {
    ensureBuilt();
    mkdirSync(join(src, 'nested'), { recursive: true });
    const row = (i: number) => `${i},item ${i},${(i * 3.7).toFixed(2)},"note, with comma ${i}"`;
    for (let f = 0; f < N; f++) {
      const rows = Array.from({ length: 3000 }, (_, i) => row(i + f));
      writeFileSync(
        join(src, f % 2 ? 'nested' : '.', `file-${String(f).padStart(3, '0')}.csv`),
        `id,name,value,note\n${rows.join('\n')}\n`,
      );
    }
  });

  it('resumes a run killed halfway without converting finished files again', async () => {
    const out = join(work, 'out-kill');
    const child = spawn(process.execPath, [BIN, 'batch', src, '--out', out, '--concurrency', '1'], {
      stdio: 'ignore',
    });
    const manifest = join(out, 'manifest.jsonl');
    await new Promise<void>((done) => {
      const t = setInterval(() => {
        const lines = existsSync(manifest)
          ? readFileSync(manifest, 'utf8').split('\n').filter(Boolean).length
          : 0;
        if (lines >= 10 || child.exitCode !== null) {
          clearInterval(t);
          child.kill('SIGKILL');
          done();
        }
      }, 20);
    });
    await new Promise((r) => child.once('exit', r));
    const before = readManifest(out);
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(before.length).toBeLessThan(N);
    const second = spawn(process.execPath, [BIN, 'batch', src, '--out', out], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    second.stderr!.on('data', (d) => {
      err += d;
    });
    const code = await new Promise((r) => second.once('exit', r));
    expect(code).toBe(0);
    const m = /(\d+) converted, (\d+) failed, (\d+) skipped/.exec(err)!;
    expect(Number(m[2])).toBe(0);
    expect(Number(m[3])).toBe(before.length);
    expect(Number(m[1]) + Number(m[3])).toBe(N);
    const after = readManifest(out);
    const perPath = new Map<string, number>();
    for (const e of after) perPath.set(e.path, (perPath.get(e.path) ?? 0) + 1);
    expect(perPath.size).toBe(N);
    expect([...perPath.values()].every((c) => c === 1)).toBe(true);
    expect(readdirSync(join(out, 'nested')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 180_000);
});

/** A free loopback port for redis-server. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolvePort(port));
    });
    s.on('error', reject);
  });
}

async function waitForRedis(port: number): Promise<void> {
  const q = new Queue('ping', { connection: { host: '127.0.0.1', port, maxRetriesPerRequest: null } });
  for (let i = 0; i < 100; i++) {
    try {
      await q.getJobCounts();
      await q.close();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await q.close();
  throw new Error('redis-server did not start');
}

describe('distill batch --queue over a real redis-server with two worker processes', () => {
  let redis: ChildProcess;
  let port: number;
  const workers: ChildProcess[] = [];
  const work = mkdtempSync(join(tmpdir(), 'distill-queue-'));

  beforeAll(async () => {
    ensureBuilt();
    port = await freePort();
    redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitForRedis(port);
  });

  afterAll(async () => {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(
      workers.map((w) => (w.exitCode === null ? new Promise((r) => w.once('exit', r)) : undefined)),
    );
    redis?.kill('SIGTERM');
  });

  it('converts the same set as a local batch, with identical outputs, and dead-letters bad files', async () => {
    const bad = makeBadFiles(join(work, 'bad'));
    const inputs = [
      join(CORPORA, 'office/docling/csv'),
      join(CORPORA, 'office/markitdown'),
      join(work, 'bad'),
    ];
    const url = `redis://127.0.0.1:${port}/convert`;
    for (let i = 0; i < 2; i++) {
      const w = spawn(process.execPath, [BIN, 'worker', '--queue', url, '--concurrency', '1'], {
        stdio: 'ignore',
      });
      workers.push(w);
    }
    const outQ = join(work, 'out-queue');
    const outL = join(work, 'out-local');
    const producer = spawn(
      process.execPath,
      [BIN, 'batch', ...inputs, '--queue', url, '--out', outQ, '--json'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    producer.stderr!.on('data', (d) => {
      err += d;
    });
    const code = await new Promise((r) => producer.once('exit', r));
    expect(code, err).toBe(1); // the bad files fail
    const local = spawn(process.execPath, [BIN, 'batch', ...inputs, '--out', outL, '--json'], {
      stdio: 'ignore',
    });
    await new Promise((r) => local.once('exit', r));

    const mq = readManifest(outQ);
    const ml = readManifest(outL);
    expect(mq.length).toBe(ml.length);
    const okL = ml.filter((e) => e.status === 'ok');
    expect(okL.length).toBeGreaterThan(5);
    for (const e of okL) {
      for (const o of e.outputs ?? []) {
        const twin = o.replace(outL, outQ);
        expect(readFileSync(twin, 'utf8'), twin).toBe(readFileSync(o, 'utf8'));
      }
    }
    for (const [path, c] of Object.entries(bad)) {
      expect(mq.find((e) => e.path === path)?.code).toBe(c);
    }
    const dead = new Queue('convert-dead', {
      connection: { host: '127.0.0.1', port, maxRetriesPerRequest: null },
    });
    const deadJobs = await dead.getJobs(['waiting', 'completed', 'delayed', 'active', 'paused']);
    await dead.close();
    const deadPaths = deadJobs.map((j) => j.data.task.path);
    for (const path of Object.keys(bad)) expect(deadPaths).toContain(path);
  });
});
