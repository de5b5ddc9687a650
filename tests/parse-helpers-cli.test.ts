import { spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, distill, EXAMPLE, requireBuilt } from './helpers/spawn.js';

// `distill parse <folder> --out` converts in helper processes as well as its own (parse-helpers.ts):
// the spawned command must write the same bytes and print the same log, in input order, as
// one process alone, on both of its paths (the code-cached bundle and the ES modules).

let dir: string;
let input: string;

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-helpers-'));
  input = join(dir, 'in');
  mkdirSync(join(input, 'sub'), { recursive: true });
  const samples = ['field-notes.pdf', 'field-notes.docx', 'field-notes.html', 'quarterly-revenue.csv'];
  for (let k = 0; k < 5; k++) {
    for (const s of samples) copyFileSync(join(EXAMPLE, s), join(input, k % 2 ? 'sub' : '.', `${k}-${s}`));
  }
  // A failure in the middle of the list, and a file of no supported format.
  writeFileSync(join(input, '2-broken.pdf'), readFileSync(join(EXAMPLE, 'field-notes.pdf')).subarray(0, 900));
  writeFileSync(join(input, 'notes.xyz'), 'not a document');
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every file below `root`, with its bytes. */
function tree(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const f of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue;
    const path = join(f.parentPath, f.name);
    files[relative(root, path)] = readFileSync(path, 'latin1');
  }
  return files;
}

/** The log without what differs from run to run: milliseconds and the output folder's name. */
const logOf = (stderr: string, out: string) =>
  stderr
    .split(out)
    .join('OUT')
    .replace(/\(\d+ ms\)/g, '(ms)')
    .replace(/ in \d+\.\d s( \(\d+ processes\))?\n$/, '\n');

describe('distill parse <folder> --out in several processes, spawned', { timeout: 300_000 }, () => {
  it('writes the bytes and prints the log one process does, in input order', async () => {
    const one = join(dir, 'one');
    const two = join(dir, 'two');
    const single = await distill(['parse', input, '--out', one, '-c', '1']);
    const helped = await distill(['parse', input, '--out', two, '-c', '2']);
    // The broken PDF fails alone: exit code 1, every other file written.
    expect(single.status, single.stderr).toBe(1);
    expect(helped.status, helped.stderr).toBe(1);
    expect(helped.stderr).toMatch(
      /20 converted, 1 failed, 1 not of a supported format in \d+\.\d s \(2 processes\)\n$/,
    );
    expect(single.stderr).not.toMatch(/ \(\d+ processes\)/);
    expect(logOf(helped.stderr, two)).toBe(logOf(single.stderr, one));
    const lines = helped.stderr.split('\n').filter((l) => /^(ok|error)/.test(l));
    expect(lines).toHaveLength(21);
    expect(lines.find((l) => l.includes('2-broken.pdf'))).toMatch(/^error .*FILE_CORRUPT/);
    const written = tree(two);
    expect(Object.keys(written)).toHaveLength(20);
    expect(written).toEqual(tree(one));
  });

  it('without -c, gives each process 1.5 cores (one on 2 cores, two on 4) and the same bytes', async () => {
    const out = join(dir, 'default');
    const r = await distill(['parse', input, '--out', out]);
    expect(r.status, r.stderr).toBe(1);
    // 22 files allow two processes (one per 8 files); the cores decide.
    const processes = Math.max(1, Math.min(Math.floor(availableParallelism() / 1.5), 2));
    if (processes > 1) expect(r.stderr).toMatch(new RegExp(` \\(${processes} processes\\)\n$`));
    else expect(r.stderr).not.toMatch(/ \(\d+ processes\)/);
    expect(tree(out)).toEqual(tree(join(dir, 'one')));
  });

  it('runs its helpers from the ES modules too (DISTILL_COLD_BUNDLE=0)', async () => {
    const out = join(dir, 'modules');
    const r = await distill(['parse', input, '--out', out, '-c', '2'], { env: { DISTILL_COLD_BUNDLE: '0' } });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/ \(2 processes\)\n$/);
    expect(tree(out)).toEqual(tree(join(dir, 'one')));
  });

  it('stopped with Ctrl-C, stops its helpers and removes its run folder', async () => {
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const many = join(dir, 'many');
    mkdirSync(many);
    for (let k = 0; k < 40; k++) copyFileSync(join(EXAMPLE, 'field-notes.pdf'), join(many, `${k}.pdf`));
    const child = spawn(process.execPath, [BIN, 'parse', many, '--out', join(dir, 'stopped'), '-c', '2'], {
      env: { ...process.env, TMPDIR: tmp },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // Stopped once the first file is converted: the helper has started by then or is starting.
    await new Promise<void>((resolve) =>
      child.stderr.on('data', (d) => String(d).includes('ok ') && resolve()),
    );
    const runFolder = readdirSync(tmp).find((f) => f.startsWith('distill-parse-'));
    expect(runFolder).toBeDefined();
    child.kill('SIGINT');
    const code = await new Promise((resolve) => child.once('exit', (c, signal) => resolve(c ?? signal)));
    expect(code).toBe(130);
    expect(readdirSync(tmp).filter((f) => f.startsWith('distill-parse-'))).toEqual([]);
    // No helper of that run is left converting (each ends when it finds the run folder gone).
    const helperOf = () =>
      readdirSync('/proc')
        .filter((p) => /^\d+$/.test(p))
        .filter((p) => {
          try {
            return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(runFolder as string);
          } catch {
            return false;
          }
        });
    for (let k = 0; k < 50 && helperOf().length > 0; k++) await new Promise((r) => setTimeout(r, 100));
    expect(helperOf()).toEqual([]);
  });

  it('takes --concurrency as a whole number of at least 1', async () => {
    const r = await distill(['parse', input, '--out', join(dir, 'none'), '-c', '0']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--concurrency takes a whole number');
  });
});
