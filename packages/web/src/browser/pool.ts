import { existsSync } from 'node:fs';
import { DistillError } from '@distill/core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { GuardProxy, type RequestGuard } from './guard-proxy.js';

export interface BrowserPoolOptions {
  /** Chromium or Chrome binary; else CHROME_PATH, else the usual system paths. */
  executablePath?: string;
  /** Contexts (tabs with their own storage) open at once; more requests wait. */
  maxContexts?: number;
  /** Extra command-line switches. */
  args?: string[];
}

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

interface Pair {
  context: BrowserContext;
  page: Page;
}

/** Switches for a headless Chromium run as root in a container, with no background traffic. */
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--mute-audio',
];

/** The browser binary: the explicit path, else CHROME_PATH, else the usual system paths. */
export function findBrowser(explicit?: string): string {
  // A path the caller named must exist; falling back silently would hide a misconfiguration.
  const named = explicit ?? process.env.CHROME_PATH;
  const candidates = named ? [named] : CANDIDATES;
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  throw new DistillError(
    'MISSING_DEPENDENCY',
    `The browser engine needs Chromium or Chrome, and none was found (looked at ${candidates.join(', ')}${explicit ? '' : named ? ' from CHROME_PATH' : ''}). Install it (apt-get install chromium) or set CHROME_PATH`,
  );
}

/**
 * One shared Chromium with a bounded pool of contexts. Playwright is imported on first use,
 * so importing this package (or core, office, distill) never loads it.
 */
export class BrowserPool {
  private browser?: Promise<Browser>;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;
  private spare?: { key: string; ready: Promise<Pair | undefined> };
  private readonly guardProxy = new GuardProxy();
  readonly maxContexts: number;

  constructor(private readonly options: BrowserPoolOptions = {}) {
    this.maxContexts = Math.max(1, options.maxContexts ?? 8);
  }

  /** True when a browser binary can be found (the engine can run). */
  available(): boolean {
    try {
      findBrowser(this.options.executablePath);
      return true;
    } catch {
      return false;
    }
  }

  private launch(): Promise<Browser> {
    const executablePath = findBrowser(this.options.executablePath);
    const p = (async () => {
      const { chromium } = await import('playwright-core');
      // Playwright gives every launch a fresh temporary user-data-dir and removes it on close.
      const browser = await chromium.launch({
        executablePath,
        headless: true,
        chromiumSandbox: false,
        args: [...LAUNCH_ARGS, ...(this.options.args ?? [])],
        timeout: 60_000,
      });
      browser.on('disconnected', () => {
        if (this.browser === p) this.browser = undefined;
      });
      return browser;
    })();
    p.catch(() => {
      if (this.browser === p) this.browser = undefined;
    });
    return p;
  }

  private async acquire(signal?: AbortSignal): Promise<void> {
    if (this.active < this.maxContexts) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(go);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new DistillError('REQUEST_TIMEOUT', 'Request Timeout: waited too long for a browser context'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(go);
    });
    this.active++;
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  /** Opens a context with its first page. */
  private async open(browser: Browser, options: BrowserContextOptions): Promise<Pair> {
    const context = await browser.newContext(options);
    try {
      return { context, page: await context.newPage() };
    } catch (e) {
      await context.close().catch(() => undefined);
      throw e;
    }
  }

  /** Takes the spare context if it was made with the same options. */
  private async takeSpare(key: string | undefined): Promise<Pair | undefined> {
    const spare = this.spare;
    if (!key || !spare || spare.key !== key) return undefined;
    this.spare = undefined;
    return spare.ready;
  }

  /** Prepares the next context while this one works: most scrapes repeat the same options. */
  private prepareSpare(browser: Browser, key: string | undefined, options: BrowserContextOptions): void {
    if (!key || this.closed || this.spare?.key === key) return;
    const old = this.spare;
    if (old) void old.ready.then((p) => p?.context.close().catch(() => undefined));
    this.spare = { key, ready: this.open(browser, options).catch(() => undefined) };
  }

  /**
   * Runs `fn` in a fresh context (and page) of the shared browser, closing it afterwards.
   * Contexts are never reused, so nothing leaks between scrapes; a spare one made ahead with
   * the same options hides the cost of opening. With a guard, every connection of the context
   * goes through the guard proxy, and `fn` receives the refusals it made.
   */
  async withContext<T>(
    options: BrowserContextOptions,
    fn: (context: BrowserContext, page: Page, refusals: DistillError[], queuedMs: number) => Promise<T>,
    signal?: AbortSignal,
    guard?: RequestGuard,
  ): Promise<T> {
    if (this.closed)
      throw new DistillError('SERVICE_UNAVAILABLE', 'Service Unavailable: the browser pool is closed');
    const queuedAt = Date.now();
    await this.acquire(signal);
    const queuedMs = Date.now() - queuedAt;
    let pair: Pair | undefined;
    const registration = guard ? await this.guardProxy.register(guard) : undefined;
    // Guarded contexts and profiles carry per-request state: never made ahead.
    const key = registration || options.storageState ? undefined : JSON.stringify(options);
    try {
      if (!this.browser) this.browser = this.launch();
      const browser = await this.browser;
      pair =
        (await this.takeSpare(key)) ??
        (await this.open(browser, registration ? { ...options, proxy: registration.proxy } : options));
      this.prepareSpare(browser, key, options);
      return await fn(pair.context, pair.page, registration?.refusals ?? [], queuedMs);
    } finally {
      await pair?.context.close().catch(() => undefined);
      registration?.release();
      this.release();
    }
  }

  /** Memory of the browser's processes in bytes (Linux: PSS, else RSS), for the speed script. */
  async memoryBytes(): Promise<number | undefined> {
    if (!this.browser) return undefined;
    const { readFile, readdir } = await import('node:fs/promises');
    // Chromium runs as children of this process (Playwright spawns it): sum their RSS.
    const children = new Map<number, number[]>();
    const rss = new Map<number, number>();
    for (const d of await readdir('/proc').catch(() => [] as string[])) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const stat = await readFile(`/proc/${d}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ppid = Number(fields[1]);
        rss.set(Number(d), Number(fields[21]) * 4096);
        children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
      } catch {
        // The process ended while being read.
      }
    }
    let total = 0;
    const stack = [...(children.get(process.pid) ?? [])];
    while (stack.length) {
      const p = stack.pop()!;
      // Proportional set size counts shared pages once across the renderers; RSS when unreadable.
      const rollup = await readFile(`/proc/${p}/smaps_rollup`, 'utf8').catch(() => '');
      const pss = /^Pss:\s+(\d+) kB/m.exec(rollup);
      total += pss ? Number(pss[1]) * 1024 : (rss.get(p) ?? 0);
      stack.push(...(children.get(p) ?? []));
    }
    return total;
  }

  async close(): Promise<void> {
    this.closed = true;
    const spare = this.spare;
    this.spare = undefined;
    await spare?.ready.then((p) => p?.context.close().catch(() => undefined));
    await this.guardProxy.close();
    const b = this.browser;
    this.browser = undefined;
    if (b) await (await b.catch(() => undefined))?.close().catch(() => undefined);
  }
}
