// What the dev benches that print HTML with Chromium share (pdf-web-tables, pdf-web-headings):
// a cache of printed PDFs keyed by the HTML's hash, and the two readers they score.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'distill';
import { chromium } from 'playwright-core';
import { pdfPeers } from './engines/pdf-peers.js';
import { pkgVersion } from './engines/util.js';

/** Writes `html` into `cache` under its hash and names the PDF it prints to (printed by printMissing). */
export function cachedPdf(cache: string, html: string): string {
  const key = createHash('sha1').update(html).digest('hex').slice(0, 16);
  writeFileSync(join(cache, `${key}.html`), html);
  return join(cache, `${key}.pdf`);
}

/** Prints the PDFs not yet in the cache with Debian's Chromium; its version, or 'cached'. */
export async function printMissing(pdfs: readonly string[]): Promise<string> {
  const todo = pdfs.filter((p) => !existsSync(p));
  if (!todo.length) return 'cached';
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    chromiumSandbox: false,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const version = browser.version();
  const page = await browser.newPage();
  for (const pdf of todo) {
    await page.goto(`file://${pdf.replace(/\.pdf$/, '.html')}`);
    // Written under a temporary name first, so an interrupted run leaves no half PDF in the cache.
    await page.pdf({ path: `${pdf}.part`, preferCSSPageSize: true, printBackground: true });
    writeFileSync(pdf, readFileSync(`${pdf}.part`));
  }
  await browser.close();
  return version;
}

/** distill's Markdown of a PDF, through the public API. */
export async function distillMarkdown(path: string): Promise<string> {
  const r = await parse(
    { data: new Uint8Array(readFileSync(path)), filename: path.split('/').pop()! },
    { formats: ['markdown'], parsers: [{ type: 'pdf' }], timeout: 300_000 },
  );
  return r.markdown ?? '';
}

const lite = pdfPeers.find((e) => e.name === 'liteparse')!;
export const liteVersion = pkgVersion('@llamaindex/liteparse');
/** liteparse's answer, cached beside the PDF by liteparse's version (it does not change with ours). */
export async function liteparseMarkdown(path: string): Promise<string> {
  const at = `${path}.liteparse-${liteVersion}.md`;
  if (existsSync(at)) return readFileSync(at, 'utf8');
  const md = await lite.convert({
    path,
    bytes: new Uint8Array(readFileSync(path)),
    filename: path.split('/').pop()!,
  });
  writeFileSync(at, md);
  return md;
}

/** Closes the PDF peers' workers, so the bench's process can end. */
export async function closePeers(): Promise<void> {
  await Promise.all(pdfPeers.map((e) => e.close?.()));
}
