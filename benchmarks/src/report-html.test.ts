import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, watchErrors } from '../../tests/helpers/browser.js';
import { CORPORA, RESULTS_DIR } from './paths.js';
import { writeHtmlReport } from './report-html.js';

// `pnpm bench report --html` from the committed results (real runs), opened in Chromium.

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'distill-bench-html-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the HTML benchmark report', { timeout: 300_000 }, () => {
  it('charts every suite beside its table and command, and opens without console errors', async () => {
    expect(readdirSync(RESULTS_DIR).some((f) => f.endsWith('.json'))).toBe(true);
    // One worst document per suite keeps the run short; its inspector page needs the corpora.
    const withCorpora = existsSync(join(CORPORA, 'pdf', 'dpbench-dev'));
    const path = await writeHtmlReport({ outDir: dir, worst: 1, inspect: withCorpora });
    const html = readFileSync(path, 'utf8');
    for (const id of ['quality-pdf-dpbench', 'speed-pdf', 'scaling-pdf'])
      expect(html).toContain(`<section id="${id}">`);
    expect(html).toContain('pnpm bench quality pdf-dpbench');
    const browser = await launch();
    try {
      const page = await browser.newPage();
      const errors = watchErrors(page);
      await page.goto(pathToFileURL(path).href);
      const pairs = await page.locator('.pair').count();
      expect(pairs).toBeGreaterThan(5);
      // Each chart sits beside a table and a command.
      expect(await page.locator('.pair figure svg').count()).toBe(pairs);
      expect(await page.locator('.pair table').count()).toBe(pairs);
      expect(await page.locator('.pair .cmd code').count()).toBe(pairs);
      if (withCorpora) {
        const link = page.locator('a[href^="inspect/pdf-dpbench/"]').first();
        const href = await link.getAttribute('href');
        expect(existsSync(join(dir, href!))).toBe(true);
        await link.click();
        await page.waitForSelector('body[data-ready="1"]');
        expect(await page.locator('.page').count()).toBeGreaterThan(0);
      }
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
