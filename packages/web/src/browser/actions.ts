import { type Action, DistillError } from '@distill/core';
import type { Page } from 'playwright-core';
import type { ActionResults } from '../engines/page.js';

// These functions run inside the page, where the DOM globals exist.
// biome-ignore lint/suspicious/noExplicitAny: browser globals
declare const document: any;
// biome-ignore lint/suspicious/noExplicitAny: browser globals
declare const window: any;

const describe = (a: Action): string => {
  switch (a.type) {
    case 'wait':
      return a.selector ? `wait for "${a.selector}"` : `wait ${a.milliseconds} ms`;
    case 'click':
      return `click "${a.selector}"`;
    case 'scroll':
      return `scroll ${a.direction}${a.selector ? ` "${a.selector}"` : ''}`;
    case 'press':
      return `press "${a.key}"`;
    default:
      return a.type;
  }
};

/** A script is an expression unless it uses `return` or `await`, in which case it is a function body. */
function wrapScript(script: string): string {
  if (/\breturn\b|\bawait\b/.test(script)) return `(async () => {\n${script}\n})()`;
  return script;
}

async function screenshotOf(
  page: Page,
  o: { fullPage?: boolean; quality?: number; viewport?: { width: number; height: number } },
  timeout: number,
): Promise<{ data: Uint8Array; mime: string }> {
  if (o.viewport) await page.setViewportSize(o.viewport);
  const jpeg = o.quality !== undefined;
  const data = await page.screenshot({
    fullPage: o.fullPage ?? false,
    type: jpeg ? 'jpeg' : 'png',
    quality: jpeg ? o.quality : undefined,
    timeout,
  });
  return { data: new Uint8Array(data), mime: jpeg ? 'image/jpeg' : 'image/png' };
}

export { screenshotOf };

/**
 * Runs the spec's actions in order. A failing action stops the run with an error that names
 * its index and what it tried, so the caller can fix the request.
 */
export async function runActions(
  page: Page,
  actions: Action[],
  remaining: () => number,
): Promise<ActionResults> {
  const out: ActionResults = { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] };
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    const timeout = Math.max(1, remaining());
    try {
      switch (a.type) {
        case 'wait':
          if (a.selector) await page.waitForSelector(a.selector, { state: 'attached', timeout });
          else await page.waitForTimeout(Math.min(a.milliseconds!, timeout));
          break;
        case 'click': {
          const loc = page.locator(a.selector);
          if (a.all) {
            for (const el of await loc.all()) await el.click({ timeout });
          } else {
            if ((await loc.count()) === 0) {
              // Give late-rendering pages a moment before calling the selector missing.
              await loc.first().waitFor({ state: 'attached', timeout: Math.min(timeout, 3000) });
            }
            await loc.first().click({ timeout });
          }
          break;
        }
        case 'write':
          await page.keyboard.type(a.text);
          break;
        case 'press':
          await page.keyboard.press(a.key);
          break;
        case 'scroll': {
          const dy = a.direction === 'up' ? -1 : 1;
          if (a.selector) {
            const found = await page.evaluate(
              ([sel, d]) => {
                const el = document.querySelector(sel as string);
                if (!el) return false;
                el.scrollBy(0, (d as number) * (el.clientHeight || window.innerHeight));
                return true;
              },
              [a.selector, dy] as const,
            );
            if (!found) throw new Error(`no element matches "${a.selector}"`);
          } else {
            await page.evaluate((d) => window.scrollBy(0, d * window.innerHeight), dy);
          }
          break;
        }
        case 'scrape':
          out.scrapes.push({ url: page.url(), html: await page.content() });
          break;
        case 'executeJavascript': {
          const value = await page.evaluate(wrapScript(a.script));
          out.javascriptReturns.push({ type: value === null ? 'null' : typeof value, value: value ?? null });
          break;
        }
        case 'screenshot':
          out.screenshots.push(await screenshotOf(page, a, timeout));
          break;
        case 'pdf': {
          const data = await page.pdf({ format: a.format, landscape: a.landscape, scale: a.scale });
          out.pdfs.push(new Uint8Array(data));
          break;
        }
      }
    } catch (e) {
      const msg = ((e as Error).message ?? String(e)).split('\n')[0];
      if (remaining() <= 0) {
        throw new DistillError(
          'REQUEST_TIMEOUT',
          `Request Timeout: action ${i} (${describe(a)}) did not finish before the timeout`,
        );
      }
      throw new DistillError('UNPROCESSABLE_ENTITY', `Action ${i} (${describe(a)}) failed: ${msg}`, {
        details: [{ field: `actions.${i}`, message: msg, code: 'action_failed' }],
      });
    }
  }
  return out;
}
