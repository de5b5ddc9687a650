import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, distill, EXAMPLE, ROOT, requireBuilt } from './helpers/spawn.js';

// `distill parse` runs from one code-cached CommonJS bundle (packages/cli/src/cold/load.ts,
// scripts/cold-bundle.ts). These spawn the built command, as a user runs it, and hold the
// bundle to the ES-module path it replaces: the same bytes out for every format and for the
// paths where a bundled package looks things up beside itself (OCR, chunk tokenizers, workers).

let dir: string;
let cache: string;

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-cold-'));
  cache = join(dir, 'cache');
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const bundled = (args: string[]) => distill(args, { env: { DISTILL_COMPILE_CACHE_DIR: cache } });
const modules = (args: string[]) => distill(args, { env: { DISTILL_COLD_BUNDLE: '0' } });
const cacheFiles = () => readdirSync(cache).filter((f) => f.endsWith('.bin'));

describe('distill parse from the code-cached bundle', { timeout: 300_000 }, () => {
  it('writes its compiled code on the first run, reads it on the next, and prints the same', async () => {
    const pdf = join(EXAMPLE, 'field-notes.pdf');
    const first = await bundled(['parse', pdf]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Coastal Erosion');
    const [file] = cacheFiles();
    // Named by the bundle's content hash: V8 checks a cache against the source's length only,
    // so a build differing in one constant must not find this one's compiled code.
    const cold = join(ROOT, 'packages/cli/dist/cold');
    const hash = createHash('sha256')
      .update(readFileSync(join(cold, 'parse.cjs')))
      .digest('hex')
      .slice(0, 16);
    expect(JSON.parse(readFileSync(join(cold, 'parse.json'), 'utf8')).hash).toBe(hash);
    expect(file).toBe(`parse-${process.version}-${process.arch}-${hash}.bin`);
    const written = statSync(join(cache, file));
    expect(written.size).toBeGreaterThan(100_000);
    const second = await bundled(['parse', pdf]);
    expect(second.stdout).toBe(first.stdout);
    // Accepted by V8, so not written again.
    expect(statSync(join(cache, file)).mtimeMs).toBe(written.mtimeMs);
    expect((await modules(['parse', pdf])).stdout).toBe(first.stdout);
  });

  it('replaces a cache V8 rejects and still converts', async () => {
    const [file] = cacheFiles();
    writeFileSync(join(cache, file), Buffer.alloc(4096, 7));
    const r = await bundled(['parse', join(EXAMPLE, 'field-notes.docx')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Coastal');
    expect(readFileSync(join(cache, file)).subarray(0, 64).equals(Buffer.alloc(64, 7))).toBe(false);
  });

  it('gives byte-identical output to the ES modules for every format, with --json and token-counted chunks', async () => {
    const inputs = [EXAMPLE, resolve(ROOT, 'fixtures/office-roundtrip')];
    const a = join(dir, 'bundled');
    const b = join(dir, 'modules');
    const flags = ['--json', '--chunks', '--chunk-unit', 'tokens', '--chunk-size', '200'];
    const ra = await bundled(['parse', ...inputs, '--out', a, ...flags]);
    const rb = await modules(['parse', ...inputs, '--out', b, ...flags]);
    expect(ra.status, ra.stderr).toBe(0);
    expect(rb.status, rb.stderr).toBe(0);
    const files = readdirSync(a, { recursive: true }) as string[];
    expect(files.filter((f) => f.endsWith('.json')).length).toBeGreaterThanOrEqual(12);
    for (const f of files) {
      if (statSync(join(a, f)).isDirectory()) continue;
      expect(readFileSync(join(a, f), 'utf8'), f).toBe(readFileSync(join(b, f), 'utf8'));
    }
    const pdfJson = files.find((f) => f.endsWith('field-notes.pdf.json')) as string;
    expect(readFileSync(join(a, pdfJson), 'utf8')).toContain('"chunks"');
  });

  it('reaches the optional OCR engine from the bundle: a scanned page in ocr mode', async () => {
    const scan = resolve(ROOT, 'fixtures/scanned-table/scanned-table.pdf');
    const ra = await bundled(['parse', scan, '--pdf-mode', 'ocr']);
    const rb = await modules(['parse', scan, '--pdf-mode', 'ocr']);
    expect(ra.status, ra.stderr).toBe(0);
    expect(ra.stdout.length).toBeGreaterThan(100);
    expect(ra.stdout).toBe(rb.stdout);
  });

  it('loads no Node built-in a one-page PDF does not use (each is compiled from source on every run)', async () => {
    const hook = join(dir, 'modules-hook.cjs');
    const list = join(dir, 'modules.txt');
    writeFileSync(
      hook,
      `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n')));`,
    );
    const r = await distill(['parse', join(EXAMPLE, 'field-notes.pdf'), '--pdf-mode', 'fast'], {
      env: { DISTILL_COMPILE_CACHE_DIR: cache, NODE_OPTIONS: `--require ${hook}` },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Coastal Erosion');
    const loaded = readFileSync(list, 'utf8').split('\n');
    // The page's streams are inflated (the hook saw the run), on Node 20 through zlib's native
    // handle: Node's zlib module, and its v8 module (the interrupt budget), would each load
    // Node's streams (cli/src/node-binding.ts).
    expect(loaded).toContain('Internal Binding zlib');
    const node20 = process.versions.node.startsWith('20.');
    for (const unused of [
      'crypto',
      'worker_threads',
      'module',
      'fs/promises',
      'net',
      'tty',
      'os',
      'readline',
      ...(node20 ? ['zlib', 'v8', 'stream'] : []),
      'internal/fs/dir', // a folder's walk only (batch/inputs.ts opens it on first use)
      'internal/util/parse_args/parse_args', // plain flags are read by cli/src/plain-args.ts
      'internal/abort_controller', // the parse timeout's signal is made when a parser asks (core's ParseTimeout)
    ]) {
      expect(loaded, unused).not.toContain(`NativeModule ${unused}`);
    }
  });

  it('stops quietly when the reader of its output goes away (`distill parse big.csv | head`), bundled or not', async () => {
    const csv = join(dir, 'big.csv');
    const rows = Array.from({ length: 20_000 }, (_, i) => `${i},name ${i},${(i * 7) % 1000},note ${i}`);
    writeFileSync(csv, `id,name,value,note\n${rows.join('\n')}\n`);
    for (const env of [{ DISTILL_COMPILE_CACHE_DIR: cache }, { DISTILL_COLD_BUNDLE: '0' }]) {
      const child = spawn(process.execPath, [BIN, 'parse', csv], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      // Read one chunk, then close the pipe as `head` does; the rest of the table cannot be written.
      const first = await new Promise<string>((res) => child.stdout.once('data', (d) => res(String(d))));
      child.stdout.destroy();
      const code = await new Promise<number | null>((res) => child.on('close', res));
      expect(first).toContain('| id | name | value | note |');
      expect(stderr, JSON.stringify(env)).toBe('');
      expect(code, JSON.stringify(env)).toBe(0);
    }
  });

  it("keeps the caches of the last few builds only, and removes a dead run's half-written file", async () => {
    const own = join(dir, 'prune');
    mkdirSync(own);
    const old = new Date(Date.now() - 86_400_000);
    for (let i = 0; i < 6; i++) {
      writeFileSync(join(own, `parse-v0.0.${i}-x64-100.bin`), 'old');
      utimesSync(join(own, `parse-v0.0.${i}-x64-100.bin`), old, new Date(old.getTime() + i * 1000));
    }
    writeFileSync(join(own, 'parse-v0.0.9-x64-100.bin.123.part'), 'dead');
    utimesSync(join(own, 'parse-v0.0.9-x64-100.bin.123.part'), old, old);
    const r = await distill(['parse', join(EXAMPLE, 'quarterly-revenue.csv')], {
      env: { DISTILL_COMPILE_CACHE_DIR: own },
    });
    expect(r.status, r.stderr).toBe(0);
    const left = readdirSync(own).sort();
    expect(left).toHaveLength(4);
    expect(left.filter((f) => f.startsWith(`parse-${process.version}`))).toHaveLength(1);
    // The newest of the old ones stay; the oldest and the dead part are gone.
    expect(left).toContain('parse-v0.0.5-x64-100.bin');
    expect(left).not.toContain('parse-v0.0.0-x64-100.bin');
    expect(left.some((f) => f.endsWith('.part'))).toBe(false);
  });

  it('with the cache turned off, leaves no file behind', async () => {
    const off = join(dir, 'off');
    const r = await distill(['parse', join(EXAMPLE, 'field-notes.html')], {
      env: { DISTILL_COMPILE_CACHE_DIR: off, DISTILL_COMPILE_CACHE: '0' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(() => readdirSync(off)).toThrow();
  });
});
