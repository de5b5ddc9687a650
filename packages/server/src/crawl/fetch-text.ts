import { gunzipSync } from 'node:zlib';
import { DistillError } from '@distill/core';
import { assertPublicHost } from '@distill/web';

export interface FetchedText {
  status: number;
  url: string;
  body: Buffer;
  contentType: string;
}

/**
 * GETs a small resource the crawler reads itself (robots.txt, sitemaps), capped in size and
 * time, redirects followed one by one through the SSRF guard as the scraper does.
 */
export async function fetchSmall(
  url: string,
  opts: {
    allowPrivate: boolean;
    maxBytes: number;
    timeoutMs: number;
    signal?: AbortSignal;
    userAgent: string;
  },
): Promise<FetchedText> {
  let target = new URL(url);
  const signal = opts.signal
    ? AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs)])
    : AbortSignal.timeout(opts.timeoutMs);
  for (let hop = 0; hop < 6; hop++) {
    if (!opts.allowPrivate) await assertPublicHost(target);
    const res = await fetch(target, {
      redirect: 'manual',
      signal,
      headers: { 'user-agent': opts.userAgent, accept: '*/*' },
    });
    const loc = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && loc) {
      await res.body?.cancel();
      target = new URL(loc, target);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') break;
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    if (res.body) {
      for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) {
        size += c.length;
        if (size > opts.maxBytes) {
          await res.body.cancel().catch(() => undefined);
          throw new DistillError(
            'FILE_TOO_LARGE',
            `Payload Too Large: ${target.href} is over ${opts.maxBytes} bytes`,
          );
        }
        chunks.push(Buffer.from(c));
      }
    }
    let body = Buffer.concat(chunks);
    // Sitemaps are often served as .xml.gz with a generic type; gzip is told by its magic bytes.
    if (body[0] === 0x1f && body[1] === 0x8b) body = gunzipSync(body, { maxOutputLength: opts.maxBytes * 4 });
    return { status: res.status, url: target.href, body, contentType: res.headers.get('content-type') ?? '' };
  }
  throw new DistillError('BAD_GATEWAY', `Bad Gateway: too many redirects from ${url}`);
}
