import type { Action } from '@distill/core';
import { DistillError } from '@distill/core';
import type { BrowserContextOptions, Response } from 'playwright-core';
import { networkError } from '../engines/fetch.js';
import {
  type ComputedStyles,
  charsetOf,
  DESKTOP_USER_AGENT,
  MOBILE_USER_AGENT,
  mimeOf,
  type PageSnapshot,
} from '../engines/page.js';
import { runActions, screenshotOf } from './actions.js';
import { adBlockPatterns, COOKIE_BANNER_CSS, isAdHost } from './ad-hosts.js';
import { COMPUTED_STYLES } from './computed-styles.js';
import { REFUSED_HEADER, type RequestGuard } from './guard-proxy.js';
import type { BrowserPool } from './pool.js';
import type { ProfileStore } from './profiles.js';

export interface RenderOptions {
  headers: Record<string, string>;
  signal: AbortSignal;
  deadline: number;
  timeoutMs: number;
  waitFor: number;
  mobile: boolean;
  skipTlsVerification: boolean;
  blockAds: boolean;
  locale: string;
  timezoneId: string;
  acceptLanguage: string;
  actions?: Action[];
  screenshot?: { fullPage: boolean; quality?: number; viewport?: { width: number; height: number } };
  profile?: { name: string; saveChanges: boolean; store: ProfileStore };
  /** Checks every connection the page makes, redirects included (SSRF, threat protection). */
  guard?: RequestGuard;
  /** Read the computed styles branding needs (external stylesheets included). */
  computeStyles?: boolean;
  maxBytes: number;
}

/** The "smart wait" after load: the network must be quiet this long, for at most SETTLE_MS. */
const SETTLE_MS = 2000;
const QUIET_MS = 250;

const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
const MOBILE_VIEWPORT = { width: 390, height: 844 };

/**
 * The browser engine: loads the URL in a fresh context of the shared Chromium, waits for the
 * page to settle, runs actions, takes screenshots and returns the rendered HTML.
 */
export async function renderPage(pool: BrowserPool, url: URL, o: RenderOptions): Promise<PageSnapshot> {
  const remaining = () => o.deadline - Date.now();
  const viewport = o.screenshot?.viewport ?? (o.mobile ? MOBILE_VIEWPORT : DESKTOP_VIEWPORT);
  const ctxOptions: BrowserContextOptions = {
    viewport,
    userAgent:
      o.headers['user-agent'] ??
      o.headers['User-Agent'] ??
      (o.mobile ? MOBILE_USER_AGENT : DESKTOP_USER_AGENT),
    isMobile: o.mobile,
    hasTouch: o.mobile,
    deviceScaleFactor: 1,
    locale: o.locale,
    timezoneId: o.timezoneId,
    ignoreHTTPSErrors: o.skipTlsVerification,
    extraHTTPHeaders: { 'accept-language': o.acceptLanguage, ...o.headers },
    // A service worker could answer from its own cache: every scrape sees the network's page.
    serviceWorkers: 'block',
    acceptDownloads: false,
  };
  let unlock: (() => Promise<void>) | undefined;
  if (o.profile) {
    if (o.profile.saveChanges) unlock = await o.profile.store.lock(o.profile.name);
    const state = await o.profile.store.load(o.profile.name);
    if (state) ctxOptions.storageState = state as BrowserContextOptions['storageState'];
  }
  try {
    return await pool.withContext(
      ctxOptions,
      async (context, page, refusals, queuedMs) => {
        const blockPatterns = o.blockAds ? adBlockPatterns() : undefined;
        if (o.blockAds && !blockPatterns) {
          // A list too long for the browser's own blocking is applied request by request.
          await context.route('**/*', (route) => {
            const req = route.request();
            if (!req.isNavigationRequest()) {
              try {
                if (isAdHost(new URL(req.url()).hostname)) return route.abort('blockedbyclient');
              } catch {
                // Not a URL with a host (data:, blob:): nothing to block.
              }
            }
            return route.continue();
          });
        }
        if (o.blockAds) {
          await context.addInitScript(`(() => {
            const css = ${JSON.stringify(COOKIE_BANNER_CSS)};
            const add = () => { const s = document.createElement('style'); s.id = 'distill-consent-css'; s.textContent = css; (document.head || document.documentElement).appendChild(s); };
            if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', add); else add();
          })();`);
        }
        if (blockPatterns) {
          // Blocked inside Chromium, with no round trip to Node per request.
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.setBlockedURLs', { urls: blockPatterns });
        }
        // A challenge page that reloads itself answers with a new main-frame response: keep the last one.
        let lastMain: Response | undefined;
        // In-flight requests, for the smart wait (Playwright's networkidle wants 500 ms of silence).
        let inflight = 0;
        let lastActivity = Date.now();
        page.on('request', () => {
          inflight++;
          lastActivity = Date.now();
        });
        const finished = () => {
          inflight = Math.max(0, inflight - 1);
          lastActivity = Date.now();
        };
        page.on('requestfinished', finished);
        page.on('requestfailed', finished);
        const settle = async () => {
          const end = Date.now() + Math.min(SETTLE_MS, Math.max(0, remaining()));
          while (Date.now() < end) {
            if (inflight === 0 && Date.now() - lastActivity >= QUIET_MS) return;
            await new Promise((r) => setTimeout(r, 50));
          }
        };
        page.on('response', (r) => {
          if (r.request().isNavigationRequest() && r.frame() === page.mainFrame()) lastMain = r;
        });
        const onAbort = () => void page.close().catch(() => undefined);
        o.signal.addEventListener('abort', onAbort, { once: true });
        try {
          let response: Response | null;
          try {
            response = await page.goto(url.href, { waitUntil: 'load', timeout: Math.max(1, remaining()) });
          } catch (e) {
            if (refusals.length) throw refusals[refusals.length - 1];
            if (remaining() <= 0 || o.signal.aborted) {
              throw new DistillError(
                'REQUEST_TIMEOUT',
                `Request Timeout: ${url.host} took longer than the timeout of ${o.timeoutMs} ms`,
              );
            }
            throw networkError(e, url, o.signal, o.timeoutMs);
          }
          if (response && (await response.headerValue(REFUSED_HEADER).catch(() => null))) {
            throw (
              refusals[refusals.length - 1] ??
              new DistillError('FORBIDDEN', 'Forbidden: the page was refused')
            );
          }
          const contentType = (await response?.headerValue('content-type').catch(() => null)) ?? undefined;
          const mime = mimeOf(contentType);
          const isHtml = !mime || mime === 'text/html' || mime === 'application/xhtml+xml';
          if (!isHtml && response) {
            // A document opened in the browser (PDF, docx…): its bytes, not the viewer's DOM.
            const body = new Uint8Array(await response.body());
            if (body.length > o.maxBytes) {
              throw new DistillError(
                'FILE_TOO_LARGE',
                `Payload Too Large: the response exceeds ${o.maxBytes} bytes`,
              );
            }
            return {
              url: page.url(),
              statusCode: response.status(),
              contentType,
              charset: charsetOf(contentType),
              body,
              engine: 'browser' as const,
              queuedMs,
              warnings: [],
            };
          }
          await settle();
          if (o.waitFor > 0) await page.waitForTimeout(Math.min(o.waitFor, Math.max(0, remaining())));
          const actions = o.actions?.length ? await runActions(page, o.actions, remaining) : undefined;
          const screenshot = o.screenshot
            ? await screenshotOf(page, o.screenshot, Math.max(1, remaining()))
            : undefined;
          // The banner-hiding style is ours, not the page's: it stays out of rawHtml.
          if (o.blockAds) {
            await page
              .evaluate("document.getElementById('distill-consent-css')?.remove()")
              .catch(() => undefined);
          }
          const computedStyles = o.computeStyles
            ? ((await page.evaluate(COMPUTED_STYLES).catch(() => undefined)) as ComputedStyles | undefined)
            : undefined;
          const html = await page.content();
          if (html.length > o.maxBytes) {
            throw new DistillError(
              'FILE_TOO_LARGE',
              `Payload Too Large: the rendered page exceeds ${o.maxBytes} bytes`,
            );
          }
          if (o.profile?.saveChanges)
            await o.profile.store.save(o.profile.name, await context.storageState());
          if (remaining() <= 0) {
            throw new DistillError(
              'REQUEST_TIMEOUT',
              `Request Timeout: ${url.host} took longer than the timeout of ${o.timeoutMs} ms`,
            );
          }
          return {
            url: page.url(),
            statusCode: (lastMain ?? response)?.status() ?? 200,
            contentType: 'text/html; charset=utf-8',
            charset: 'utf-8',
            body: new TextEncoder().encode(html),
            engine: 'browser' as const,
            screenshot,
            actions,
            queuedMs,
            ...(computedStyles ? { computedStyles } : {}),
            warnings: [],
          };
        } catch (e) {
          if (o.signal.aborted && !(e instanceof DistillError && e.code !== 'UNKNOWN_ERROR')) {
            throw new DistillError(
              'REQUEST_TIMEOUT',
              `Request Timeout: ${url.host} took longer than the timeout of ${o.timeoutMs} ms`,
            );
          }
          throw e;
        } finally {
          o.signal.removeEventListener('abort', onAbort);
        }
      },
      o.signal,
      o.guard,
    );
  } finally {
    await unlock?.();
  }
}
