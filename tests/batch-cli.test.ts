import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, distill, EXAMPLE, requireBuilt } from './helpers/spawn.js';

// `distill batch` as a person meets it on an archive: changed options, folders and files it may
// not read, an output folder it may not write, files of no supported format, Ctrl-C, and a
// queue whose producer goes away. Every case runs the built command as its own process.

interface Entry {
  path: string;
  status: string;
  code?: string;
  key?: string;
}
const manifest = (out: string): Entry[] =>
  readFileSync(join(out, 'manifest.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Entry);
const lastByPath = (out: string) => new Map(manifest(out).map((e) => [e.path, e]));

let work: string;
beforeAll(() => {
  requireBuilt();
  work = mkdtempSync(join(tmpdir(), 'distill-batch-cli-'));
  chmodSync(work, 0o755);
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A folder of the four bundled examples, a gzip-compressed page and a file of no supported format. */
function archive(name: string): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'pages'), { recursive: true });
  for (const f of ['field-notes.pdf', 'field-notes.docx', 'field-notes.html', 'quarterly-revenue.csv'])
    copyFileSync(join(EXAMPLE, f), join(dir, f));
  writeFileSync(
    join(dir, 'pages', 'notes.html.gz'),
    gzipSync(readFileSync(join(EXAMPLE, 'field-notes.html'))),
  );
  writeFileSync(join(dir, 'pages', 'backup.xyz'), 'not a document');
  return dir;
}

const isRoot = process.getuid?.() === 0;

/**
 * Makes a path another user's, so that permissions bite even for root (CI runs as root):
 * the command then runs without the capabilities that let root ignore them (see asUser).
 */
function notMine(path: string, mode: number): void {
  chmodSync(path, mode);
  if (isRoot) chownSync(path, 65534, 65534);
}

/**
 * Runs the command as a user meets permissions. As root it keeps its uid (the checkout may
 * sit in a folder only root may enter) but drops the capabilities that override file modes.
 */
const asUser = (args: string[]) =>
  new Promise<{ status: number; stderr: string }>((done) => {
    const argv = isRoot ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search'] : [];
    execFile(
      argv[0] ?? process.execPath,
      argv.length ? [...argv.slice(1), process.execPath, BIN, ...args] : [BIN, ...args],
      { encoding: 'utf8', timeout: 120_000 },
      (error, _stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        done({ status: typeof code === 'number' ? code : 1, stderr });
      },
    );
  });

describe('distill batch, spawned', { timeout: 180_000 }, () => {
  it('reads compressed pages, counts and lists unsupported files once, and records them in the manifest', async () => {
    const dir = archive('counted');
    const out = join(work, 'counted-out');
    const r = await distill(['batch', dir, '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/5 converted, 0 failed, 0 skipped \(already done\), 1 unsupported/);
    expect(r.stderr).toContain('not converted (no supported format): 1 file: ');
    expect(r.stderr).toContain('backup.xyz');
    expect(r.stderr).not.toMatch(/\.docx, \.doc/); // no list of every extension per file
    expect(readFileSync(join(out, 'pages/notes.html.gz.md'), 'utf8')).toContain('Coastal Erosion');
    const m = lastByPath(out);
    expect(m.get(join(dir, 'pages/backup.xyz'))).toMatchObject({
      status: 'unsupported',
      code: 'UNSUPPORTED_FILE_TYPE',
    });
    // Listed once: a second run does not append it again.
    const lines = manifest(out).length;
    expect((await distill(['batch', dir, '--out', out])).stderr).toMatch(/0 converted, 0 failed, 5 skipped/);
    expect(manifest(out).length).toBe(lines);
  });

  it('reconverts exactly the files a changed option affects; --force reconverts all', async () => {
    const dir = archive('options');
    const out = join(work, 'options-out');
    expect((await distill(['batch', dir, '--out', out])).status).toBe(0);
    // The default, spelled out, is the same as no flag.
    expect((await distill(['batch', dir, '--out', out, '--pdf-mode', 'auto'])).stderr).toMatch(
      /0 converted, 0 failed, 5 skipped/,
    );
    // A PDF setting changes the PDF's output only.
    const fast = await distill(['batch', dir, '--out', out, '--pdf-mode', 'fast']);
    expect(fast.stderr).toMatch(/1 converted, 0 failed, 4 skipped/);
    // Another output format changes every file, and the new outputs are written.
    const html = await distill(['batch', dir, '--out', out, '--pdf-mode', 'fast', '--formats', 'html']);
    expect(html.stderr).toMatch(/5 converted, 0 failed, 0 skipped/);
    expect(existsSync(join(out, 'field-notes.docx.html'))).toBe(true);
    // A web-page setting changes the pages only (the .html and the .html.gz).
    const whole = await distill([
      'batch',
      dir,
      '--out',
      out,
      '--pdf-mode',
      'fast',
      '--formats',
      'html',
      '--no-only-main-content',
    ]);
    expect(whole.stderr).toMatch(/2 converted, 0 failed, 3 skipped/);
    const force = await distill(['batch', dir, '--out', out, '--force']);
    expect(force.stderr).toMatch(/5 converted, 0 failed, 0 skipped/);
  });

  it('a copy that changes only the mtime is recognised by its content', async () => {
    const dir = archive('mtime');
    const out = join(work, 'mtime-out');
    expect((await distill(['batch', dir, '--out', out])).status).toBe(0);
    const f = join(dir, 'field-notes.docx');
    writeFileSync(f, readFileSync(f)); // same bytes, new mtime
    expect((await distill(['batch', dir, '--out', out])).stderr).toMatch(/0 converted, 0 failed, 5 skipped/);
    writeFileSync(join(dir, 'quarterly-revenue.csv'), 'region,total\nNorth,1\n'); // new content
    expect((await distill(['batch', dir, '--out', out])).stderr).toMatch(/1 converted, 0 failed, 4 skipped/);
  });

  it('goes past an unreadable folder and file, naming each with its cause, and converts the rest', async () => {
    const dir = archive('perms');
    mkdirSync(join(dir, 'locked'));
    copyFileSync(join(EXAMPLE, 'field-notes.docx'), join(dir, 'locked', 'inside.docx'));
    copyFileSync(join(EXAMPLE, 'quarterly-revenue.csv'), join(dir, 'secret.csv'));
    for (const p of [work, dir, join(dir, 'pages')]) chmodSync(p, 0o755);
    notMine(join(dir, 'locked'), 0o700);
    notMine(join(dir, 'secret.csv'), 0o600);
    const out = join(work, 'perms-out');
    mkdirSync(out, { mode: 0o777 });
    chmodSync(out, 0o777);
    const r = await asUser(['batch', dir, '--out', out]);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/error \S*locked: FORBIDDEN: permission denied reading \S*locked \(EACCES\)/);
    expect(r.stderr).toMatch(/error \S*secret\.csv: FORBIDDEN: permission denied/);
    expect(r.stderr).toMatch(/5 converted, 2 failed/);
    expect(r.stderr).not.toMatch(/\(\d{3}\)|Not Found|Internal Server Error/);
    const m = lastByPath(out);
    expect(m.get(join(dir, 'locked'))).toMatchObject({ status: 'error', code: 'FORBIDDEN' });
  });

  it('follows symbolic links to files and folders, ends a link loop, and reports a broken link', async () => {
    const data = archive('linked-data');
    const dir = join(work, 'linked');
    mkdirSync(dir);
    symlinkSync(join(data, 'field-notes.pdf'), join(dir, 'a.pdf'));
    symlinkSync(join(data, 'pages'), join(dir, 'pages'));
    symlinkSync(dir, join(dir, 'loop'));
    symlinkSync(join(work, 'gone.docx'), join(dir, 'gone.docx'));
    for (const cmd of ['batch', 'parse']) {
      const out = join(work, `linked-${cmd}-out`);
      const r = await distill([cmd, dir, '--out', out]);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/error \S*gone\.docx: NOT_FOUND: cannot read \S*gone\.docx \(ENOENT\)/);
      expect(readFileSync(join(out, 'a.pdf.md'), 'utf8')).toContain('Coastal Erosion');
      expect(readFileSync(join(out, 'pages/notes.html.gz.md'), 'utf8')).toContain('Coastal Erosion');
      expect(existsSync(join(out, 'loop'))).toBe(false);
    }
  });

  it('refuses an output folder it cannot write before doing any work', async () => {
    const dir = archive('out-check');
    const blocked = join(work, 'a-file');
    writeFileSync(blocked, '');
    const r = await distill(['batch', dir, '--out', join(blocked, 'out')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      `cannot write to --out ${join(blocked, 'out')}: a file is in the way of the folder (ENOTDIR)`,
    );
    const rootOnly = join(work, 'root-only');
    mkdirSync(rootOnly, { mode: 0o755 });
    notMine(rootOnly, 0o755);
    const denied = await asUser(['batch', dir, '--out', join(rootOnly, 'out')]);
    expect(denied.status).toBe(2);
    expect(denied.stderr).toContain('permission denied (EACCES)');
    expect(denied.stderr).not.toContain('converted');
  });

  it('names the flag and its allowed values in a usage error, with no HTTP status', async () => {
    const r = await distill(['batch', EXAMPLE, '--out', join(work, 'x'), '--pdf-mode', 'fsat']);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe("distill batch: --pdf-mode: 'fsat' is not one of fast, auto, ocr");
    const t = await distill(['parse', join(EXAMPLE, 'field-notes.pdf'), '--timeout', '5']);
    expect(t.stderr).toContain('--timeout: must be at least 1000');
  });

  it('on Ctrl-C prints a summary and how to resume; the same command then finishes the rest', async () => {
    const dir = join(work, 'many');
    mkdirSync(dir);
    const N = 60;
    for (let i = 0; i < N; i++)
      copyFileSync(join(EXAMPLE, 'field-notes.docx'), join(dir, `doc-${String(i).padStart(2, '0')}.docx`));
    const out = join(work, 'many-out');
    const child = spawn(process.execPath, [BIN, 'batch', dir, '--out', out, '--concurrency', '1'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    // Interrupt once a few files are done.
    for (let i = 0; i < 600; i++) {
      if (existsSync(join(out, 'manifest.jsonl')) && manifest(out).length >= 3) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGINT');
    const code = await new Promise((r) => child.once('exit', r));
    expect(code).toBe(130);
    expect(err).toMatch(/interrupted: \d+ converted, 0 failed, 0 already done, 0 unsupported/);
    expect(err).toContain(`manifest: ${join(out, 'manifest.jsonl')}`);
    expect(err).toContain(`resume with the same command: distill batch ${dir} --out ${out} --concurrency 1`);
    const done = new Set(manifest(out).map((e) => e.path)).size;
    expect(done).toBeLessThan(N);
    const rest = await distill(['batch', dir, '--out', out, '--concurrency', '1']);
    expect(rest.status, rest.stderr).toBe(0);
    expect(rest.stderr).toContain(`${N - done} converted, 0 failed, ${done} skipped`);
    expect(new Set(manifest(out).map((e) => e.path)).size).toBe(N);
  });
});

/** A free loopback port. */
const freePort = () =>
  new Promise<number>((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
    s.on('error', rej);
  });

const redisUp = (port: number) =>
  new Promise<boolean>((res) => {
    const c = createConnection({ port, host: '127.0.0.1' }, () => c.write('PING\r\n'));
    c.once('data', (d) => {
      c.destroy();
      res(d.toString().startsWith('+PONG'));
    });
    c.once('error', () => res(false));
  });

describe('distill batch --queue with a producer that goes away', { timeout: 180_000 }, () => {
  let redis: ChildProcess;
  let worker: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 100 && !(await redisUp(port)); i++) await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
    }
    redis?.kill('SIGTERM');
  });

  it('workers log each job; re-running the producer collects what they did, without converting twice', async () => {
    const dir = join(work, 'queued');
    mkdirSync(dir);
    const N = 24;
    for (let i = 0; i < N; i++)
      copyFileSync(join(EXAMPLE, 'field-notes.docx'), join(dir, `q-${String(i).padStart(2, '0')}.docx`));
    const url = `redis://127.0.0.1:${port}/restart`;
    const out = join(work, 'queued-out');
    const producer = spawn(process.execPath, [BIN, 'batch', dir, '--queue', url, '--out', out], {
      stdio: 'ignore',
    });
    // The producer enqueues and goes away (killed) before the work is done...
    for (let i = 0; i < 400; i++) {
      const counts = await new Promise<string>((res) =>
        execFile('redis-cli', ['-p', String(port), 'llen', 'bull:restart:wait'], (_e, o) =>
          res(String(o).trim()),
        ),
      );
      if (Number(counts) >= N) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    producer.kill('SIGKILL');
    await new Promise((r) => producer.once('exit', r));
    // ...then a worker does it, logging one line per job.
    let log = '';
    worker = spawn(process.execPath, [BIN, 'worker', '--queue', url, '--concurrency', '1'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    worker.stderr?.on('data', (d) => {
      log += d;
    });
    for (let i = 0; i < 1200 && (log.match(/^ok {4}/gm) ?? []).length < N; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((log.match(/^ok {4}\S+q-\d\d\.docx \(\d+ ms\) job [0-9a-f]{32}$/gm) ?? []).length).toBe(N);
    // The same command again collects the results into the manifest; no job runs twice.
    const again = await distill(['batch', dir, '--queue', url, '--out', out]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toMatch(new RegExp(`${N} converted, 0 failed`));
    const m = lastByPath(out);
    expect(m.size).toBe(N);
    expect([...m.values()].every((e) => e.status === 'ok')).toBe(true);
    expect(existsSync(join(out, 'q-00.docx.md'))).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect((log.match(/^ok {4}/gm) ?? []).length).toBe(N);
    // And a third run has nothing left to do.
    expect((await distill(['batch', dir, '--queue', url, '--out', out])).stderr).toMatch(
      /0 converted, 0 failed, 24 skipped/,
    );
  });
});
