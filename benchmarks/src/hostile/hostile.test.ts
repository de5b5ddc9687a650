import { DistillError, parse } from 'distill';
import { describe, expect, it } from 'vitest';
import { HOSTILE_CASES } from './cases.js';

/**
 * The hostile classics of issue 23, each a test through the public parse(): output or a
 * catalogue error (status, code, message), the warning that says what was cut, nothing expanded
 * or read from disk. Memory is measured outside tests, each case in its own process
 * (`pnpm bench:hostile`, figures in benchmarks/REPORT.md): no timing or memory asserts here.
 */
describe('hostile classics end in output or a catalogue error', () => {
  for (const c of HOSTILE_CASES) {
    it(
      c.name,
      async () => {
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
      },
      c.slow ? 240_000 : 60_000,
    );
  }
});
