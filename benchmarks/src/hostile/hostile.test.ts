import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DistillError, parse } from 'distill';
import { describe, expect, it } from 'vitest';
import { HOSTILE_CASES } from './cases.js';

/**
 * The hostile classics of issue 23, each a test through the public parse(): output or a
 * catalogue error (status, code, message), the warning that says what was cut, nothing expanded
 * or read from disk. Memory is measured outside tests, each case in its own process
 * (`pnpm bench hostile`, figures in benchmarks/REPORT.md): no timing or memory asserts here.
 */
const ONE = resolve(fileURLToPath(import.meta.url), '../run-one.ts');

/**
 * A slow case runs in a child process (run-one.ts): its tens of seconds of synchronous parsing
 * would otherwise hold up the test runner's own messages (vitest reports "Timeout calling
 * onTaskUpdate" on a loaded machine). The child checks the same things and answers in JSON.
 */
function inChild(index: number): Promise<Record<string, unknown>> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--conditions=distill-source', '--import', 'tsx', '--max-old-space-size=1024', ONE, String(index)],
      { maxBuffer: 1 << 20, timeout: 600_000 },
      (err, stdout, stderr) => {
        const line = stdout.trim().split('\n').pop() ?? '';
        try {
          done(JSON.parse(line));
        } catch {
          fail(new Error(`${err?.message ?? 'no answer'}: ${stderr.slice(-500)}`));
        }
      },
    );
  });
}

describe('hostile classics end in output or a catalogue error', () => {
  HOSTILE_CASES.forEach((c, index) => {
    if (!c.slow) return;
    it(`${c.name} (in a child process)`, async () => {
      const r = await inChild(index);
      expect(['ok', 'catalogue'], JSON.stringify(r)).toContain(r.cls);
      if (r.cls === 'catalogue') {
        expect(c.expect, `${r.code}: ${r.message}`).not.toBe('output');
        expect(r.status as number).toBeGreaterThanOrEqual(400);
        if (c.codes) expect(c.codes).toContain(r.code);
        return;
      }
      expect(c.expect, 'a catalogue error was expected').not.toBe('error');
      expect(r.missing).toEqual([]);
      expect(r.present).toEqual([]);
      expect(r.warned, String(r.warning)).toBe(true);
    }, 600_000);
  });
  for (const c of HOSTILE_CASES.filter((x) => !x.slow)) {
    it(c.name, async () => {
      let markdown: string | undefined;
      let warning: string | undefined;
      let error: DistillError | undefined;
      try {
        const r = await parse(Buffer.from(c.build()), { timeout: 120_000, ...(c.options ?? {}) } as never, {
          filename: `hostile.${c.ext}`,
        });
        markdown = r.markdown ?? '';
        warning = r.warning;
      } catch (e) {
        // Anything but a catalogue error fails the case with its own message.
        if (!(e instanceof DistillError) || e.code === 'UNKNOWN_ERROR') throw e;
        error = e;
      }
      if (error) {
        expect(c.expect, `${error.code}: ${error.message}`).not.toBe('output');
        expect(error.status).toBeGreaterThanOrEqual(400);
        expect(error.message.length).toBeGreaterThan(0);
        if (c.codes) expect(c.codes).toContain(error.code);
        return;
      }
      expect(c.expect, 'a catalogue error was expected').not.toBe('error');
      for (const s of c.contains ?? []) expect(markdown).toContain(s);
      for (const s of c.absent ?? []) expect(markdown).not.toContain(s);
      if (c.warns) expect(warning ?? '').toMatch(c.warns);
    }, 60_000);
  }
});
