import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { DistillError } from '@distill/core';
import { Agent, request } from 'undici';
import { guardedLookup } from '../safety/url-guard.js';
import { charsetOf, DESKTOP_USER_AGENT, type PageSnapshot } from './page.js';

export interface FetchOptions {
  headers: Record<string, string>;
  signal: AbortSignal;
  timeoutMs: number;
  skipTlsVerification: boolean;
  allowPrivateUrls: boolean;
  maxBytes: number;
  /** Called for the requested URL's every redirect target before it is contacted. */
  checkRedirect: (url: URL) => Promise<void>;
  maxRedirects?: number;
}

const agents = new Map<string, Agent>();

/** One keep-alive agent per TLS/SSRF setting, shared by every fetch of the process. */
function agentFor(skipTls: boolean, allowPrivate: boolean): Agent {
  const key = `${skipTls}:${allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({
      allowH2: true,
      connections: 64,
      keepAliveTimeout: 10_000,
      connect: {
        rejectUnauthorized: !skipTls,
        ...(allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
    });
    agents.set(key, agent);
  }
  return agent;
}

/** Closes the shared agents (tests and short-lived CLIs). */
export async function closeFetchAgents(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((a) => a.close().catch(() => undefined)));
}

function findDistillError(e: unknown): DistillError | undefined {
  for (let c: unknown = e, i = 0; c && i < 6; c = (c as { cause?: unknown }).cause, i++) {
    if (c instanceof DistillError) return c;
  }
  return undefined;
}

export function networkError(e: unknown, url: URL, signal: AbortSignal, timeoutMs: number): DistillError {
  const de = findDistillError(e);
  if (de) return de;
  if (signal.aborted) {
    const reason = signal.reason as Error | undefined;
    if (reason instanceof DistillError) return reason;
    return new DistillError(
      'REQUEST_TIMEOUT',
      `Request Timeout: ${url.host} took longer than the timeout of ${timeoutMs} ms`,
    );
  }
  const err = e as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = err.code ?? err.cause?.code ?? '';
  const msg = err.cause?.message ?? err.message;
  return new DistillError('BAD_GATEWAY', `Bad Gateway: cannot fetch ${url.host} (${code || msg})`, {
    cause: e,
  });
}

function decompress(body: Buffer, encoding: string, maxBytes: number): Buffer {
  const opts = { maxOutputLength: maxBytes };
  try {
    let out: Buffer = body;
    // Encodings apply in order, so they are undone in reverse.
    for (const enc of encoding
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .reverse()) {
      if (enc === 'gzip' || enc === 'x-gzip') out = gunzipSync(out, opts);
      else if (enc === 'br') out = brotliDecompressSync(out, opts);
      else if (enc === 'deflate') {
        // Servers send either zlib-wrapped or raw deflate under this name.
        try {
          out = inflateSync(out, opts);
        } catch (e) {
          if (e instanceof RangeError) throw e;
          out = inflateRawSync(out, opts);
        }
      } else if (enc && enc !== 'identity') throw new Error(`unknown content-encoding ${enc}`);
    }
    return out;
  } catch (e) {
    if (e instanceof RangeError || /maxOutputLength|buffer length/i.test(String(e))) {
      throw new DistillError(
        'DECOMPRESSION_LIMIT',
        `Payload Too Large: the decompressed response exceeds ${maxBytes} bytes`,
      );
    }
    throw new DistillError(
      'BAD_GATEWAY',
      `Bad Gateway: the response body could not be decoded (${(e as Error).message})`,
    );
  }
}

const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v.join(', ') : v;
};

/**
 * The fetch engine: HTTP/1.1 or HTTP/2 (ALPN), redirects followed one by one so each target is
 * checked (SSRF, threat protection), bodies capped and decompressed, the charset kept.
 */
export async function fetchPage(start: URL, o: FetchOptions): Promise<PageSnapshot> {
  const maxRedirects = o.maxRedirects ?? 10;
  const dispatcher = agentFor(o.skipTlsVerification, o.allowPrivateUrls);
  const headers: Record<string, string> = {
    'user-agent': DESKTOP_USER_AGENT,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,application/pdf,*/*;q=0.8',
    'accept-encoding': 'gzip, deflate, br',
    ...Object.fromEntries(Object.entries(o.headers).map(([k, v]) => [k.toLowerCase(), v])),
  };
  let url = start;
  for (let hop = 0; ; hop++) {
    let res: Awaited<ReturnType<typeof request>>;
    try {
      res = await request(url, {
        method: 'GET',
        headers,
        dispatcher,
        signal: o.signal,
        maxRedirections: 0,
        headersTimeout: o.timeoutMs,
        bodyTimeout: o.timeoutMs,
      });
    } catch (e) {
      throw networkError(e, url, o.signal, o.timeoutMs);
    }
    const location = header(res.headers, 'location');
    if (res.statusCode >= 300 && res.statusCode < 400 && location) {
      await res.body.dump().catch(() => undefined);
      if (hop >= maxRedirects) {
        throw new DistillError('BAD_GATEWAY', `Bad Gateway: more than ${maxRedirects} redirects`);
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new DistillError(
          'BAD_GATEWAY',
          `Bad Gateway: invalid redirect location ${JSON.stringify(location)}`,
        );
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:') {
        throw new DistillError('BAD_GATEWAY', `Bad Gateway: redirect to unsupported scheme ${next.protocol}`);
      }
      await o.checkRedirect(next);
      url = next;
      continue;
    }
    const declared = Number(header(res.headers, 'content-length') ?? Number.NaN);
    if (declared > o.maxBytes) {
      res.body.destroy();
      throw new DistillError(
        'FILE_TOO_LARGE',
        `Payload Too Large: the response is ${declared} bytes, over the limit of ${o.maxBytes}`,
      );
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > o.maxBytes) {
          res.body.destroy();
          throw new DistillError(
            'FILE_TOO_LARGE',
            `Payload Too Large: the response exceeds the limit of ${o.maxBytes} bytes`,
          );
        }
        chunks.push(chunk as Buffer);
      }
    } catch (e) {
      if (e instanceof DistillError) throw e;
      throw networkError(e, url, o.signal, o.timeoutMs);
    }
    let body: Buffer = Buffer.concat(chunks);
    const encoding = header(res.headers, 'content-encoding');
    if (encoding) body = decompress(body, encoding, o.maxBytes);
    const contentType = header(res.headers, 'content-type');
    return {
      url: url.href,
      statusCode: res.statusCode,
      contentType,
      charset: charsetOf(contentType),
      body: new Uint8Array(body.buffer, body.byteOffset, body.length),
      engine: 'fetch',
      warnings: [],
    };
  }
}
