import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { globToRegExp, runCli } from './index.js';

const ROOT = process.cwd();
const EXAMPLE = resolve(ROOT, 'fixtures/example/quarterly-revenue.csv');

async function run(args: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(args, {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
  });
  return { code, out, err };
}

describe('distill <command>', () => {
  it("answers a name of Object's prototype as an unknown command", async () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      const r = await run([name]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`unknown command "${name}"`);
    }
  });
});

describe('distill parse', () => {
  it('prints Markdown for one input without --out', async () => {
    const r = await run(['parse', EXAMPLE]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('| Region | Quarter | Revenue (EUR) | Growth |');
  });

  it('prints the whole result as JSON with --json', async () => {
    const r = await run(['parse', EXAMPLE, '--json', '--formats', 'markdown,html']);
    const body = JSON.parse(r.out);
    expect(body.success).toBe(true);
    expect(body.data.html).toContain('<table>');
  });

  it('converts a directory, mirroring subfolders, naming outputs <file>.md; a bad file fails alone', async () => {
    const src = mkdtempSync(join(tmpdir(), 'distill-cli-'));
    mkdirSync(join(src, 'sub'));
    writeFileSync(join(src, 'a.csv'), 'x,y\n1,2\n');
    writeFileSync(join(src, 'sub', 'a.csv'), 'p;q\n3;4\n');
    writeFileSync(join(src, 'broken.docx'), 'not a zip at all, just text');
    writeFileSync(join(src, 'notes.txt'), 'skipped: not a supported extension');
    const out = join(src, 'out');
    const r = await run(['parse', src, '--out', out, '--json']);
    expect(r.code).toBe(1);
    expect(readFileSync(join(out, 'a.csv.md'), 'utf8')).toContain('| x | y |');
    expect(readFileSync(join(out, 'sub', 'a.csv.md'), 'utf8')).toContain('| p | q |');
    expect(JSON.parse(readFileSync(join(out, 'sub', 'a.csv.json'), 'utf8')).data.markdown).toContain(
      '| 3 | 4 |',
    );
    expect(existsSync(join(out, 'notes.txt.md'))).toBe(false);
    expect(r.err).toMatch(/error .*broken\.docx: UNSUPPORTED_FILE_TYPE: /);
    expect(r.err).toContain('2 converted, 1 failed');
  });

  it('expands globs itself when the shell did not', async () => {
    const src = mkdtempSync(join(tmpdir(), 'distill-glob-'));
    mkdirSync(join(src, 'deep', 'er'), { recursive: true });
    writeFileSync(join(src, 'deep', 'er', 'z.csv'), 'a,b\n1,2\n');
    writeFileSync(join(src, 'top.csv'), 'a,b\n1,2\n');
    const out = join(src, 'out');
    const r = await run(['parse', `${src}/**/*.csv`, '--out', out]);
    expect(r.code).toBe(0);
    expect(existsSync(join(out, 'deep', 'er', 'z.csv.md'))).toBe(true);
    expect(existsSync(join(out, 'top.csv.md'))).toBe(true);
    expect(globToRegExp('**/*.{pdf,docx}').test('a/b/c.docx')).toBe(true);
    expect(globToRegExp('*.pdf').test('a/b.pdf')).toBe(false);
  });

  it('rejects bad option values with the schema message and exit code 2', async () => {
    const r = await run(['parse', EXAMPLE, '--max-pages', '0']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--max-pages: must be at least 1');
    const t = await run(['parse', EXAMPLE, '--timeout', '50']);
    expect(t.code).toBe(2);
    expect((await run(['parse', EXAMPLE, '--bogus'])).code).toBe(2);
    expect((await run(['nope'])).code).toBe(2);
  });

  it('runs as the built binary', () => {
    const bin = resolve(ROOT, 'packages/cli/dist/cold/bin.cjs');
    if (!existsSync(bin))
      execFileSync('pnpm', ['--filter', '@distill/cli...', 'build'], { cwd: ROOT, stdio: 'ignore' });
    const r = spawnSync(process.execPath, [bin, 'parse', EXAMPLE], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('| Nord | Q1 2026 | 1.204.500 | 4,1 % |');
    const bad = spawnSync(process.execPath, [bin, 'parse', resolve(ROOT, 'package.json')], {
      encoding: 'utf8',
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('UNSUPPORTED_FILE_TYPE');
  });
});

describe('distill serve', () => {
  it('serves /v2 with bearer keys from DISTILL_API_KEYS and stops on SIGTERM', async () => {
    const bin = resolve(ROOT, 'packages/cli/dist/cold/bin.cjs');
    if (!existsSync(bin))
      execFileSync('pnpm', ['--filter', '@distill/cli...', 'build'], { cwd: ROOT, stdio: 'ignore' });
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
      env: { ...process.env, DISTILL_API_KEYS: 'secret-key' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    const url = await new Promise<string>((res, rej) => {
      child.stderr!.on('data', (d) => {
        err += d;
        const m = /listening on (http:\/\/\S+)\/v2/.exec(err);
        if (m) res(m[1]);
      });
      child.once('exit', () => rej(new Error(err)));
    });
    expect((await fetch(`${url}/v2/health`)).status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(EXAMPLE)]), 'quarterly-revenue.csv');
    const ok = await fetch(`${url}/v2/parse`, {
      method: 'POST',
      body: form,
      headers: { authorization: 'Bearer secret-key' },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: { markdown: string } }).data.markdown).toContain('| Nord |');
    const bad = await fetch(`${url}/v2/parse`, {
      method: 'POST',
      body: form,
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.status).toBe(401);
    child.kill('SIGTERM');
    expect(await new Promise((r) => child.once('exit', r))).toBe(0);
  });
});
