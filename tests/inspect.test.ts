import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, watchErrors } from './helpers/browser.js';
import { distill, EXAMPLE, requireBuilt, type Served, serveProcess } from './helpers/spawn.js';

// `distill inspect` and the page `distill serve` shows at GET /, as a user meets them: the built
// command spawned, its HTML opened in Debian's Chromium through playwright-core. Screenshots
// go to a temporary folder named in the test output.

const KEY = 'inspect-test-key';
let dir: string;
/** Screenshots outlive the run (the working folder does not), for a person to look at. */
let shots: string;
let browser: Browser;

beforeAll(async () => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-inspect-'));
  shots = mkdtempSync(join(tmpdir(), 'distill-inspect-shots-'));
  browser = await launch();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The blocks `distill parse --blocks --json` gives: what the inspector must draw, counted apart. */
async function blockItems(file: string): Promise<{ type: string; bbox: number[] }[]> {
  const r = await distill(['parse', file, '--blocks', '--json']);
  expect(r.status, r.stderr).toBe(0);
  const pages = JSON.parse(r.stdout).data.blocks as { items: { type: string; bbox: number[] }[] }[];
  return pages.flatMap((p) => p.items);
}

describe('distill inspect', { timeout: 180_000 }, () => {
  const pdf = join(EXAMPLE, 'field-notes.pdf');

  it('writes one self-contained page, byte-identical for the same input', async () => {
    const a = join(dir, 'a.html');
    const b = join(dir, 'b.html');
    for (const out of [a, b]) {
      const r = await distill(['inspect', pdf, '--out', out]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toContain('1 page images');
    }
    const html = readFileSync(a, 'utf8');
    expect(readFileSync(b, 'utf8')).toBe(html);
    // Nothing to fetch: no external URL in a src or href, and a policy that forbids it.
    expect(html).not.toMatch(/(?:src|href)=["']?https?:/i);
    expect(html).toContain("default-src 'none'");
    expect(html).toMatch(/id="img-1" data-mime="image\/jpeg"/);
  });

  it('draws a box per block; clicking the table box highlights its Markdown span', async () => {
    const out = join(dir, 'field-notes.html');
    expect((await distill(['inspect', pdf, '--out', out])).status).toBe(0);
    const items = await blockItems(pdf);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = watchErrors(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(out).href);
    await page.waitForSelector('body[data-ready="1"]');
    await page.waitForSelector('.page img');
    expect(await page.locator('.page .box').count()).toBe(items.length);
    expect(await page.locator('.page .box.k-table').count()).toBe(
      items.filter((i) => i.type === 'table').length,
    );
    const table = page.locator('.page .box.k-table').first();
    const i = await table.getAttribute('data-i');
    await table.click();
    const span = page.locator('#mdtext .md.active');
    expect(await span.count()).toBe(1);
    expect(await span.getAttribute('data-i')).toBe(i);
    expect(await span.textContent()).toContain('| North Point');
    // And the reverse: a heading's Markdown lights its box.
    await page.locator('#mdtext .md.k-heading').first().click();
    expect(await page.locator('.page .box.k-heading.active').count()).toBe(1);
    await table.click();
    const shot = join(shots, 'inspect-pdf.png');
    await page.screenshot({ path: shot });
    console.log(`screenshot: ${shot}`);
    expect(errors).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
    await page.close();
  });

  it('marks a page auto sent to OCR with the reason, and its blocks with their confidence', async () => {
    // A scan: the example page rendered to an image (poppler) and wrapped as a PDF (img2pdf).
    execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', pdf, join(dir, 'scan')]);
    execFileSync('img2pdf', [join(dir, 'scan.png'), '-o', join(dir, 'scan.pdf')]);
    const out = join(dir, 'scan.html');
    // OCR on a loaded machine can pass the default 60 s parse timeout; the limit is not under test.
    const r = await distill(['inspect', join(dir, 'scan.pdf'), '--out', out, '--timeout', '300000']);
    expect(r.status, r.stderr).toBe(0);
    const page = await browser.newPage();
    await page.goto(pathToFileURL(out).href);
    await page.waitForSelector('body[data-ready="1"]');
    expect(await page.locator('.pagehead .ocr').textContent()).toBe('OCR: no-text');
    await page.waitForSelector('.page .box');
    expect(await page.locator('.page .box .tag').first().textContent()).toMatch(/ · OCR \d+%$/);
    await page.close();
  });

  it('keeps a long document within the image budget: drawn smaller, then pages without images, and says so', async () => {
    // 60 pages: the example page repeated (qpdf), inspected with a 2 MB budget for images.
    const long = join(dir, 'long.pdf');
    execFileSync('qpdf', ['--empty', '--pages', ...Array(60).fill(pdf), '--', long]);
    const out = join(dir, 'long.html');
    const r = await distill(['inspect', long, '--out', out, '--max-image-mb', '2']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /note: Page images drawn at (\d+) px \(not 1000\) to keep them within the 2 MB image budget/,
    );
    const side = Number(/drawn at (\d+) px/.exec(r.stderr)?.[1]);
    expect(side).toBeGreaterThanOrEqual(400);
    expect(side).toBeLessThan(1000);
    const html = readFileSync(out, 'utf8');
    const images = html.match(/id="img-\d+" data-mime="image\/jpeg"/g) ?? [];
    // Base64 weighs 4/3 of the JPEG bytes; the budget may be passed by the one page that crossed it.
    expect(Buffer.byteLength(html)).toBeLessThan(2 * 1024 * 1024 * (4 / 3) + 1024 * 1024);
    if (images.length < 60)
      expect(r.stderr).toContain(
        `${60 - images.length} pages drawn without an image (past the 2 MB image budget`,
      );
    // Bad values are refused with the flag's name, before any work.
    const bad = await distill(['inspect', long, '--out', out, '--max-image-mb', '0']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--max-image-mb takes a whole number of megabytes');
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(pathToFileURL(out).href);
    await page.waitForSelector('body[data-ready="1"]');
    expect(await page.locator('.page').count()).toBe(60);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists blocks with provenance beside the Markdown for a format without layout', async () => {
    const out = join(dir, 'docx.html');
    const docx = join(EXAMPLE, 'field-notes.docx');
    expect((await distill(['inspect', docx, '--out', out])).status).toBe(0);
    const items = await blockItems(docx);
    const page = await browser.newPage();
    await page.goto(pathToFileURL(out).href);
    await page.waitForSelector('body[data-ready="1"]');
    expect(await page.locator('.card').count()).toBe(items.length);
    expect(await page.locator('.card .prov').first().textContent()).toMatch(/^section “/);
    await page.close();
  });
});

describe('distill serve: the inspector page', { timeout: 180_000 }, () => {
  let served: Served;

  beforeAll(async () => {
    served = await serveProcess([], { DISTILL_API_KEYS: KEY });
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
  });

  it('serves the page without a key, and inspects only with one', async () => {
    const page = await fetch(`${served.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const body = new FormData();
    body.append('file', new Blob([readFileSync(join(EXAMPLE, 'field-notes.docx'))]), 'field-notes.docx');
    expect((await fetch(`${served.url}/ui/inspect`, { method: 'POST', body })).status).toBe(401);
  });

  it('shows the inspector for a DOCX chosen through the file chooser', async () => {
    const docx = join(EXAMPLE, 'field-notes.docx');
    const items = await blockItems(docx);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = watchErrors(page);
    await page.goto(`${served.url}/`);
    await page.fill('#key', KEY);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#drop')]);
    await chooser.setFiles(docx);
    const frame = page.frameLocator('#view');
    await frame.locator('body[data-ready="1"]').waitFor();
    expect(await frame.locator('.box').count()).toBe(items.length);
    const table = frame.locator('.card.k-table').first();
    const i = await table.getAttribute('data-i');
    await table.click();
    const span = frame.locator('#mdtext .md.active');
    expect(await span.getAttribute('data-i')).toBe(i);
    expect(await span.textContent()).toContain('| North Point');
    const shot = join(shots, 'serve-docx.png');
    await page.screenshot({ path: shot });
    console.log(`screenshot: ${shot}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is off with --no-ui', async () => {
    const off = await serveProcess(['--no-ui'], { DISTILL_API_KEYS: KEY });
    try {
      const r = await fetch(`${off.url}/`, { headers: { authorization: `Bearer ${KEY}` } });
      expect(r.status).toBe(404);
    } finally {
      await off.stop();
    }
  });
});
