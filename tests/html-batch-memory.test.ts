import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, requireBuilt } from './helpers/spawn.js';

// A page's source must not outlive the page (issue 21's speed work cut text and attribute
// values out of the source as slices; a process-wide URL table kept one slice of every page,
// and so every page). Through the built CLI: `distill batch` over 100 copies of one page, each
// with its own links and a 2 MB inline image, on one worker thread. With the table, the thread's
// 64 MB heap filled every 28 pages (pages 27, 55 and 83 failed with PAYLOAD_TOO_LARGE, the same
// three on every run) and peak RSS without a cap was 329-342 MB; now every page converts, in
// 119-129 MB.

const PAGES = 100;
const dir = mkdtempSync(join(tmpdir(), 'distill-html-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writePages(): string {
  const src = readFileSync(resolve(ROOT, 'fixtures/html-memory/field-notes.html'), 'utf8');
  const image = `base64,${'A'.repeat(2_000_000)}`;
  const input = join(dir, 'in');
  mkdirSync(input);
  for (let p = 0; p < PAGES; p++)
    writeFileSync(
      join(input, `page-${String(p).padStart(3, '0')}.html`),
      src.replace(/href="(notes\/[^"]+)"/g, `href="$1?page=${p}"`).replace('base64,AAAA', image),
    );
  return input;
}

/** Runs `distill batch` with a probe that reports the process's peak RSS (worker threads included). */
function batch(input: string, out: string, extra: string[]) {
  const rssFile = join(dir, `${out}.rss`);
  const probe = `data:text/javascript,import{writeFileSync}from"node:fs";process.on("exit",()=>writeFileSync(${JSON.stringify(rssFile)},String(process.resourceUsage().maxRSS)))`;
  return new Promise<{
    status: number;
    stderr: string;
    rssMb: number;
    manifest: { path: string; status: string; code?: string }[];
  }>((done) => {
    execFile(
      process.execPath,
      ['--import', probe, BIN, 'batch', input, '--out', join(dir, out), '--concurrency', '1', ...extra],
      { env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8', timeout: 300_000 },
      (error, _stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        done({
          status: typeof code === 'number' ? code : 1,
          stderr,
          rssMb: Number(readFileSync(rssFile, 'utf8')) / 1024,
          manifest: readFileSync(join(dir, out, 'manifest.jsonl'), 'utf8')
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l)),
        });
      },
    );
  });
}

describe('distill batch over many large pages', () => {
  it('keeps no page alive after it: every page fits a 64 MB worker heap, and peak RSS stays flat', async () => {
    requireBuilt();
    const input = writePages();
    const capped = await batch(input, 'capped', ['--max-heap-mb', '64']);
    expect(capped.status, capped.stderr).toBe(0);
    expect(capped.manifest.filter((e) => e.status !== 'ok')).toEqual([]);
    expect(capped.manifest).toHaveLength(PAGES);
    const open = await batch(input, 'open', []);
    expect(open.status, open.stderr).toBe(0);
    expect(open.rssMb).toBeLessThan(220);
  }, 600_000);
});
