import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, requireBuilt } from './helpers/spawn.js';

// The README's commands, taken from the README itself and run as written, so the two cannot
// drift: the first command in a copy of the repository (it installs and builds), the library
// example, and every CLI line of "Use it" that needs neither the internet nor a Redis host.

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...README.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({
  lang: m[1],
  code: m[2] as string,
}));
const sh = blocks.filter((b) => b.lang === 'sh').map((b) => b.code.trim());

let work: string;
beforeAll(() => {
  requireBuilt();
  work = mkdtempSync(join(tmpdir(), 'distill-readme-'));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const bash = (cmd: string, cwd: string, env: NodeJS.ProcessEnv = {}) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((done) => {
    execFile(
      'bash',
      ['-o', 'pipefail', '-c', cmd],
      {
        cwd,
        env: { ...process.env, NO_COLOR: '1', ...env },
        encoding: 'utf8',
        timeout: 600_000,
        maxBuffer: 64 << 20,
      },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        done({ status: typeof code === 'number' ? code : 1, stdout, stderr });
      },
    );
  });

/** The files git would give a fresh clone (tracked and new, not ignored), as they are now. */
async function copyOfRepository(to: string): Promise<void> {
  const list = await bash('git ls-files -co --exclude-standard -z', ROOT);
  for (const f of list.stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(to, f)), { recursive: true });
    cpSync(join(ROOT, f), join(to, f));
  }
}

describe('the README, run as written', { timeout: 600_000 }, () => {
  it('starts with the two commands: the example, and exactly what CI runs', () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8').trim().split('\n').pop();
    expect(sh[1]).toBe(ci);
    expect(sh[0]).toMatch(/^bash scripts\/install-deps\.sh && pnpm install --frozen-lockfile && /);
  });

  it('first command: installs, builds and converts the bundled example in a fresh copy', async () => {
    const copy = join(work, 'repo');
    await copyOfRepository(copy);
    const r = await bash(sh[0] as string, copy);
    expect(r.status, r.stderr.slice(-4000)).toBe(0);
    expect(r.stdout).toContain('Coastal Erosion');
    // Each column of the example's table in its own cell (the header cells set closer than the body's).
    expect(r.stdout).toMatch(/\| Station \| Retreat \(m\) \| Survey count \|/);
    expect(r.stdout).toMatch(/\| North Point \| 1\.8 \| 8 \|/);
  });

  it('library example runs with import from distill', async () => {
    const ts = blocks.find((b) => b.lang === 'ts')?.code as string;
    expect(ts).toContain("from 'distill'");
    // Inside packages/distill, `import 'distill'` resolves to the built package itself
    // (Node's self-reference), as it would from node_modules; paths stay relative to the root.
    const file = join(ROOT, 'packages/distill', `.readme-example-${process.pid}.mjs`);
    writeFileSync(file, ts);
    try {
      const r = await bash(`node ${JSON.stringify(file)}`, ROOT);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('Coastal Erosion');
      expect(r.stdout).toContain('pageNumber: 1');
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('every CLI line of "Use it" that runs on this machine', async () => {
    const cli = sh[2] as string;
    const lines = cli
      .split('\n')
      .map((l) => l.replace(/\s+#.*$/, '').trim())
      .filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    const cwd = join(work, 'cli');
    mkdirSync(cwd, { recursive: true });
    cpSync(join(ROOT, 'fixtures'), join(cwd, 'fixtures'), { recursive: true });
    // `distill` is the command `npm i distill` puts on PATH.
    const binDir = join(work, 'bin');
    mkdirSync(binDir, { recursive: true });
    writeFileSync(
      join(binDir, 'distill'),
      `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
      {
        mode: 0o755,
      },
    );
    const env = { PATH: `${binDir}:${process.env.PATH}` };
    for (const line of lines) {
      if (/\bdistill serve\b/.test(line)) {
        // Runs until stopped: it must come up and answer, then stop cleanly on SIGTERM.
        // One simple command: bash execs it, so the signal below reaches distill itself.
        const child = spawn('bash', ['-c', line.replace('--port 3002', '--port 0')], {
          cwd,
          env: { ...process.env, ...env },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let err = '';
        const url = await new Promise<string>((res, rej) => {
          child.stderr.on('data', (d) => {
            err += d;
            const m = /listening on (http:\/\/\S+)\/v2/.exec(err);
            if (m) res(m[1] as string);
          });
          child.once('exit', () => rej(new Error(`${line}: ${err}`)));
        });
        const health = (await (await fetch(`${url}/v2/health`)).json()) as {
          operations: { search: { live: boolean } };
        };
        expect(health.operations.search.live, line).toBe(true);
        child.kill('SIGTERM');
        expect(await new Promise((r) => child.once('exit', r)), line).toBe(0);
        continue;
      }
      const r = await bash(line, cwd, env);
      expect(r.status, `${line}\n${r.stderr}`).toBe(0);
      if (/distill (parse|search)/.test(line) && !/--out/.test(line))
        expect(r.stdout, line).toContain('Coastal Erosion');
    }
    expect(readFileSync(join(cwd, 'out/field-notes.docx.md'), 'utf8')).toContain('North Point');
    expect(readFileSync(join(cwd, 'out-batch/manifest.jsonl'), 'utf8').trim().split('\n')).toHaveLength(4);
  });

  it('the chunks example and its CLI lines', async () => {
    const ts = blocks.find((b) => b.lang === 'ts' && b.code.includes("type: 'chunks'"))?.code as string;
    expect(ts).toBeTruthy();
    const file = join(ROOT, 'packages/distill', `.readme-chunks-${process.pid}.mjs`);
    // The example shows the call; printing what it gave makes it checkable.
    writeFileSync(
      file,
      `import { parse } from 'distill';\n${ts}\nconsole.log(JSON.stringify(chunks.map((c) => c.headingPath)));\n`,
    );
    try {
      const r = await bash(`node ${JSON.stringify(file)}`, ROOT);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('Coastal Erosion');
    } finally {
      rmSync(file, { force: true });
    }
    const lines = (sh.find((b) => b.includes('--chunks')) as string)
      .split('\n')
      .map((l) => l.replace(/\s+#.*$/, '').trim())
      .filter(Boolean);
    expect(lines).toHaveLength(3);
    const cwd = join(work, 'chunks');
    mkdirSync(cwd, { recursive: true });
    cpSync(join(ROOT, 'fixtures'), join(cwd, 'fixtures'), { recursive: true });
    for (const line of lines) {
      const r = await bash(
        line.replace(/^distill /, `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} `),
        cwd,
      );
      expect(r.status, `${line}\n${r.stderr}`).toBe(0);
    }
    expect(readFileSync(join(cwd, 'out-chunks/field-notes.pdf.chunks.jsonl'), 'utf8')).toContain(
      '"headingPath"',
    );
    expect(readFileSync(join(cwd, 'out-batch-chunks/field-notes.docx.chunks.jsonl'), 'utf8')).toContain(
      'North Point',
    );
  });

  it('the lines it does not run are the ones that need a Redis host or the internet', () => {
    const other = (sh[3] as string).split('\n').filter((l) => l.trim());
    for (const l of other) expect(l, l).toMatch(/redis:\/\/host|https:\/\//);
  });
});
