import type { ParseOptionsInput, ParseResult, ScrapeOptions, SearchRequestInput } from '@distill/core';
import { DistillApiError } from './errors.js';
import { MAX_ATTEMPTS, parseRetryAfter, RETRYABLE, retryDelayMs } from './retry.js';

export interface ClientOptions {
  /** The server's base address, with or without the trailing `/v2`. */
  apiUrl: string;
  apiKey?: string;
  /** At most this many requests per call (the spec's 5). */
  maxAttempts?: number;
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1); injectable for tests. */
  random?: () => number;
  fetch?: typeof fetch;
  /** Per-request timeout on the client side. */
  timeoutMs?: number;
}

export interface FileInput {
  data: Uint8Array | ArrayBuffer | Blob | string;
  filename: string;
  contentType?: string;
}

export interface ParseResponse {
  success: true;
  data: ParseResult;
  id: string;
  creditsUsed: number;
}

export interface SearchResponse {
  success: true;
  data: Record<string, unknown>;
  warning: string | null;
  id: string;
  creditsUsed: number;
}

export interface ScrapeResponse {
  success: true;
  data: Record<string, unknown>;
  id: string;
  creditsUsed: number;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A small typed client of the `/v2` API. It retries only 408, 429, 500, 502, 503 and 504, honours
 * Retry-After, otherwise backs off min(2^retry, 30) s plus up to 1 s of jitter, and sends at
 * most 5 requests per call. Other statuses and network failures are thrown at once.
 */
export class DistillClient {
  private readonly base: string;
  private readonly opts: Required<Pick<ClientOptions, 'maxAttempts' | 'sleep' | 'random' | 'fetch'>> &
    ClientOptions;

  constructor(options: ClientOptions) {
    this.base = options.apiUrl.replace(/\/+$/, '').replace(/\/v2$/, '');
    this.opts = {
      ...options,
      maxAttempts: Math.max(1, Math.min(options.maxAttempts ?? MAX_ATTEMPTS, MAX_ATTEMPTS)),
      sleep: options.sleep ?? defaultSleep,
      random: options.random ?? Math.random,
      fetch: options.fetch ?? globalThis.fetch,
    };
  }

  async parse(file: FileInput, options: ParseOptionsInput = {}): Promise<ParseResponse> {
    const blob =
      file.data instanceof Blob
        ? file.data
        : new Blob(
            [file.data instanceof ArrayBuffer ? new Uint8Array(file.data) : file.data],
            file.contentType ? { type: file.contentType } : {},
          );
    return this.request<ParseResponse>('/v2/parse', () => {
      const form = new FormData();
      form.append('options', JSON.stringify(options));
      form.append('file', blob, file.filename);
      return form;
    });
  }

  search(request: SearchRequestInput): Promise<SearchResponse> {
    return this.request<SearchResponse>('/v2/search', () => JSON.stringify(request));
  }

  scrape(url: string, options: Partial<ScrapeOptions> = {}): Promise<ScrapeResponse> {
    return this.request<ScrapeResponse>('/v2/scrape', () => JSON.stringify({ url, ...options }));
  }

  async health(): Promise<boolean> {
    const res = await this.opts.fetch(`${this.base}/v2/health`);
    await res.arrayBuffer();
    return res.ok;
  }

  private async request<T>(path: string, body: () => FormData | string): Promise<T> {
    const { maxAttempts, sleep, random } = this.opts;
    for (let attempt = 1; ; attempt++) {
      const payload = body();
      const headers: Record<string, string> = {};
      if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
      if (typeof payload === 'string') headers['content-type'] = 'application/json';
      const res = await this.opts.fetch(`${this.base}${path}`, {
        method: 'POST',
        headers,
        body: payload,
        signal: this.opts.timeoutMs ? AbortSignal.timeout(this.opts.timeoutMs) : undefined,
      });
      const text = await res.text();
      let json: Record<string, unknown> | undefined;
      try {
        json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      } catch {
        json = undefined;
      }
      if (res.ok && json?.success === true) return json as T;
      const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
      if (RETRYABLE.has(res.status) && attempt < maxAttempts) {
        await sleep(retryDelayMs(attempt - 1, retryAfter, random));
        continue;
      }
      throw new DistillApiError(res.status, json, { retryAfter, attempts: attempt });
    }
  }
}
