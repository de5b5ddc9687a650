import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DistillError, scrapeOptionsSchema, toDistillError, validate } from 'distill';
import { closeFetchAgents } from '../engines/fetch.js';
import { Scraper } from '../scraper.js';
import type { ScrapeOptionsInput } from '../types.js';

/** Where a command writes: the CLI's Io (the binary passes the process streams). */
export interface ScrapeIo {
  out(text: string): void;
  err(text: string): void;
}

export const SCRAPE_HELP = `Usage: distill scrape <url> [--formats LIST] [--json] [options]

Scrapes a web page (or a document by URL) and prints its Markdown, or with --json the whole
document ({success, data}) with metadata, links, screenshots, actions and change tracking.

  --formats LIST            markdown,html,rawHtml,rawBase64,links,images,summary,screenshot,changeTracking
  --json                    print the whole result as JSON
  --out FILE                write the output to FILE instead of stdout
  --full-page               full-page screenshot (with the screenshot format)
  --only-main-content       keep only the main content (default)
  --no-only-main-content    keep the whole page
  --include-tags SELECTORS  comma-separated CSS selectors to keep
  --exclude-tags SELECTORS  comma-separated CSS selectors to drop
  --wait-for MS             wait this long after load before taking the content
  --mobile                  emulate a mobile device
  --timeout MS              1000..300000 (default 60000)
  --proxy MODE              basic (fetch) | enhanced (browser) | auto (default)
  --header 'Name: value'    send a header (repeatable)
  --actions JSON            actions to run in the browser, as a JSON array
  --max-age MS              accept a cached copy younger than this (default 2 days)
  --min-age MS              only read the cache (404 when nothing is cached)
  --lockdown                cache only; never contact the target
  --no-store-in-cache       do not keep this page in the cache
  --country CC              location country (ISO code) for language and timezone
  --languages LIST          preferred languages, in order
  --no-block-ads            let ads and cookie banners load
  --redact-pii              replace personal data in the Markdown by placeholders
  --profile NAME            persistent browser storage under NAME
  --no-save-profile         load the profile without writing it back
  --cache-dir DIR           cache, screenshots and profiles folder (default DISTILL_CACHE_DIR or ~/.cache/distill)
  --no-cache                neither read nor write the cache
  --allow-private-urls      allow loopback and private addresses (as DISTILL_ALLOW_PRIVATE_URLS=1)
  --chrome-path PATH        Chromium binary (default CHROME_PATH or /usr/bin/chromium)`;

const list = (s: string | undefined) =>
  s
    ?.split(',')
    .map((x) => x.trim())
    .filter(Boolean);

const num = (s: string | undefined): number | string | undefined =>
  s === undefined ? undefined : /^-?\d+$/.test(s.trim()) ? Number(s) : s;

/** `distill scrape <url>`; returns the exit code (0 ok, 1 scrape failed, 2 usage). */
export async function scrapeCommand(argv: string[], io: ScrapeIo): Promise<number> {
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(argv);
  } catch (e) {
    io.err(`distill scrape: ${(e as Error).message}\n\n${SCRAPE_HELP}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(`${SCRAPE_HELP}\n`);
    return 0;
  }
  if (positionals.length !== 1) {
    io.err(`distill scrape: give exactly one URL\n\n${SCRAPE_HELP}\n`);
    return 2;
  }
  let options: ScrapeOptionsInput;
  try {
    options = optionsFromFlags(values);
    validate(scrapeOptionsSchema, options, 'options');
  } catch (e) {
    io.err(`distill scrape: ${toDistillError(e).message}\n`);
    return 2;
  }
  const scraper = new Scraper({
    dataDir: values['cache-dir'],
    cache: values['no-cache'] ? false : undefined,
    allowPrivateUrls: values['allow-private-urls'] ? true : undefined,
    browser: { executablePath: values['chrome-path'], maxContexts: 2 },
  });
  try {
    const doc = await scraper.scrape(positionals[0], options);
    const text = values.json
      ? `${JSON.stringify({ success: true, data: doc }, null, 2)}\n`
      : (doc.markdown ??
        doc.html ??
        doc.rawHtml ??
        doc.summary ??
        doc.screenshot ??
        JSON.stringify(doc, null, 2));
    if (values.out) await writeFile(values.out, text);
    else io.out(text.endsWith('\n') ? text : `${text}\n`);
    if (doc.warning) io.err(`warning: ${doc.warning.replace(/\n/g, '\nwarning: ')}\n`);
    return 0;
  } catch (e) {
    const err = toDistillError(e);
    if (values.json) io.out(`${JSON.stringify(err.toBody(), null, 2)}\n`);
    io.err(`error: ${err.code} (${err.status}) ${err.message}\n`);
    return 1;
  } finally {
    await scraper.close();
    await closeFetchAgents();
  }
}

function parseFlags(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      formats: { type: 'string' },
      json: { type: 'boolean' },
      out: { type: 'string', short: 'o' },
      'full-page': { type: 'boolean' },
      'only-main-content': { type: 'boolean' },
      'no-only-main-content': { type: 'boolean' },
      'include-tags': { type: 'string' },
      'exclude-tags': { type: 'string' },
      'wait-for': { type: 'string' },
      mobile: { type: 'boolean' },
      timeout: { type: 'string' },
      proxy: { type: 'string' },
      header: { type: 'string', multiple: true },
      actions: { type: 'string' },
      'max-age': { type: 'string' },
      'min-age': { type: 'string' },
      lockdown: { type: 'boolean' },
      'no-store-in-cache': { type: 'boolean' },
      country: { type: 'string' },
      languages: { type: 'string' },
      'no-block-ads': { type: 'boolean' },
      'redact-pii': { type: 'boolean' },
      profile: { type: 'string' },
      'no-save-profile': { type: 'boolean' },
      'cache-dir': { type: 'string' },
      'no-cache': { type: 'boolean' },
      'allow-private-urls': { type: 'boolean' },
      'chrome-path': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

type Flags = ReturnType<typeof parseFlags>['values'];

function optionsFromFlags(v: Flags): ScrapeOptionsInput {
  const o: Record<string, unknown> = {};
  const formats = list(v.formats);
  if (formats) {
    o.formats = formats.map((f) =>
      f === 'screenshot' && v['full-page'] ? { type: 'screenshot', fullPage: true } : f,
    );
  }
  if (v['no-only-main-content']) o.onlyMainContent = false;
  else if (v['only-main-content']) o.onlyMainContent = true;
  if (v['include-tags']) o.includeTags = list(v['include-tags']);
  if (v['exclude-tags']) o.excludeTags = list(v['exclude-tags']);
  if (v['wait-for'] !== undefined) o.waitFor = num(v['wait-for']);
  if (v.mobile) o.mobile = true;
  if (v.timeout !== undefined) o.timeout = num(v.timeout);
  if (v.proxy) o.proxy = v.proxy;
  if (v.header?.length) {
    const headers: Record<string, string> = {};
    for (const h of v.header) {
      const i = h.indexOf(':');
      if (i <= 0) throw new DistillError('BAD_REQUEST', `Bad Request: --header "${h}" is not "Name: value"`);
      headers[h.slice(0, i).trim()] = h.slice(i + 1).trim();
    }
    o.headers = headers;
  }
  if (v.actions) {
    try {
      o.actions = JSON.parse(v.actions);
    } catch {
      throw new DistillError('BAD_REQUEST', 'Bad Request: --actions is not valid JSON');
    }
  }
  if (v['max-age'] !== undefined) o.maxAge = num(v['max-age']);
  if (v['min-age'] !== undefined) o.minAge = num(v['min-age']);
  if (v.lockdown) o.lockdown = true;
  if (v['no-store-in-cache']) o.storeInCache = false;
  if (v.country || v.languages) {
    o.location = {
      ...(v.country ? { country: v.country } : {}),
      ...(v.languages ? { languages: list(v.languages) } : {}),
    };
  }
  if (v['no-block-ads']) o.blockAds = false;
  if (v['redact-pii']) o.redactPII = true;
  if (v.profile) o.profile = { name: v.profile, saveChanges: !v['no-save-profile'] };
  return o as ScrapeOptionsInput;
}
