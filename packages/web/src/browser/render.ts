import type { Action } from '@distill/core';
import { DistillError } from '@distill/core';
import type { BrowserContextOptions, Response } from 'playwright-core';
import { networkError } from '../engines/fetch.js';
import {
  charsetOf,
  DESKTOP_USER_AGENT,
  MOBILE_USER_AGENT,
  mimeOf,
  type PageSnapshot,
} from '../engines/page.js';
import { runActions, screenshotOf } from './actions.js';
import { COOKIE_BANNER_CSS, isAdHost } from './ad-hosts.js';
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
  maxBytes: number;
}

/** How long to wait for the network to settle after load: the "smart wait" before content is taken. */
const SETTLE_MS = 1500;

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
    // Service workers would answer requests out of reach of the request checks below.
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
      async (context, refusals) => {
        if (o.blockAds) {
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
            const add = () => { const s = document.createElement('style'); s.textContent = css; (document.head || document.documentElement).appendChild(s); };
            if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', add); else add();
          })();`);
        }
        const page = await context.newPage();
        // A challenge page that reloads itself answers with a new main-frame response: keep the last one.
        let lastMain: Response | undefined;
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
              warnings: [],
            };
          }
          await page
            .waitForLoadState('networkidle', { timeout: Math.max(1, Math.min(SETTLE_MS, remaining())) })
            .catch(() => undefined);
          if (o.waitFor > 0) await page.waitForTimeout(Math.min(o.waitFor, Math.max(0, remaining())));
          const actions = o.actions?.length ? await runActions(page, o.actions, remaining) : undefined;
          const screenshot = o.screenshot
            ? await screenshotOf(page, o.screenshot, Math.max(1, remaining()))
            : undefined;
          const html = await page.content();
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
