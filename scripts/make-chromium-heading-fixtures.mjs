// Prints fixtures/pdf-headings/<name>.html to <name>.pdf with Chromium (playwright-core), for
// heading styles a browser prints and the LibreOffice fixtures lack:
//   colour-titles   section titles marked by colour alone, beside links in colour and a grey source line
// tests/pdf-headings-cli.test.ts reads the PDFs through the built `distill parse`.
//   node scripts/make-chromium-heading-fixtures.mjs [name...]    (default: all listed below)
// Needs Chromium (/usr/bin/chromium or CHROME_PATH).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const names = process.argv.slice(2).length ? process.argv.slice(2) : ['colour-titles'];
const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'pdf-headings');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromiumSandbox: false,
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const name of names) {
  await page.goto(`file://${join(dir, `${name}.html`)}`);
  await page.pdf({ path: join(dir, `${name}.pdf`), preferCSSPageSize: true });
}
await browser.close();
