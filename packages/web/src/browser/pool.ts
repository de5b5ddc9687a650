import { existsSync } from 'node:fs';
import { DistillError } from '@distill/core';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
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

  /**
   * Runs `fn` in a new context of the shared browser, closing the context afterwards. With a
   * guard, every connection of the context goes through the guard proxy, and `fn` receives
   * the refusals it made.
   */
  async withContext<T>(
    options: BrowserContextOptions,
    fn: (context: BrowserContext, refusals: DistillError[]) => Promise<T>,
    signal?: AbortSignal,
    guard?: RequestGuard,
  ): Promise<T> {
    if (this.closed)
      throw new DistillError('SERVICE_UNAVAILABLE', 'Service Unavailable: the browser pool is closed');
    await this.acquire(signal);
    let context: BrowserContext | undefined;
    const registration = guard ? await this.guardProxy.register(guard) : undefined;
    try {
      if (!this.browser) this.browser = this.launch();
      const browser = await this.browser;
      context = await browser.newContext(registration ? { ...options, proxy: registration.proxy } : options);
      return await fn(context, registration?.refusals ?? []);
    } finally {
      await context?.close().catch(() => undefined);
      registration?.release();
      this.release();
    }
  }

  /** Resident memory of the browser's processes in bytes (Linux), for the speed script. */
  async memoryBytes(): Promise<number | undefined> {
    if (!this.browser) return undefined;
    const browser = await this.browser;
    const pid = (browser as unknown as { process?: () => { pid?: number } }).process?.()?.pid;
    if (!pid) return undefined;
    const { readFile, readdir } = await import('node:fs/promises');
    // Sum the RSS of the browser and its descendants.
    const children = new Map<number, number[]>();
    const rss = new Map<number, number>();
    for (const d of await readdir('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const stat = await readFile(`/proc/${d}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ppid = Number(fields[1]);
        const pages = Number(fields[21]);
        rss.set(Number(d), pages * 4096);
        children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
      } catch {
        // The process ended while being read.
      }
    }
    let total = 0;
    const stack = [pid];
    while (stack.length) {
      const p = stack.pop()!;
      total += rss.get(p) ?? 0;
      stack.push(...(children.get(p) ?? []));
    }
    return total;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.guardProxy.close();
    const b = this.browser;
    this.browser = undefined;
    if (b) await (await b.catch(() => undefined))?.close().catch(() => undefined);
  }
}
