import { createHmac } from 'node:crypto';
import { assertPublicHost } from '@distill/web';
import type { JobKind, WebhookPlan } from './types.js';

export type WebhookEvent = 'started' | 'page' | 'completed' | 'failed';

/** The header that carries `sha256=<hex HMAC-SHA256 of the body>`; the name Firecrawl's own receivers check. */
export const SIGNATURE_HEADER = 'x-firecrawl-signature';

/** Delays between attempts: a receiver that is down for up to ~half a minute still gets the event. */
export const WEBHOOK_BACKOFF_MS = [1_000, 4_000, 16_000];

export interface WebhookSender {
  send(
    plan: WebhookPlan | undefined,
    kind: JobKind,
    id: string,
    event: WebhookEvent,
    data: unknown[],
    error?: string,
  ): void;
  /** Resolves when every delivery under way has finished (or given up). */
  flush(): Promise<void>;
}

export const signBody = (secret: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * Posts job events to the caller's webhook, signed with the server's webhook secret, retried
 * with backoff on a network error or a 5xx/429. Deliveries run in the background: a slow
 * receiver never slows the crawl.
 */
export function webhookSender(opts: {
  secret: string | undefined;
  allowPrivate: boolean;
  backoffMs?: number[];
  log?: (msg: string) => void;
}): WebhookSender {
  const inflight = new Set<Promise<void>>();
  const backoff = opts.backoffMs ?? WEBHOOK_BACKOFF_MS;
  async function deliver(url: string, headers: Record<string, string>, body: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      let retry = false;
      try {
        const target = new URL(url);
        if (!opts.allowPrivate) await assertPublicHost(target);
        const res = await fetch(target, {
          method: 'POST',
          headers,
          body,
          redirect: 'error',
          signal: AbortSignal.timeout(10_000),
        });
        await res.body?.cancel();
        if (res.ok) return;
        retry = res.status >= 500 || res.status === 429 || res.status === 408;
      } catch {
        retry = true;
      }
      if (!retry || attempt >= backoff.length) {
        opts.log?.(`webhook to ${new URL(url).host} failed after ${attempt + 1} attempts`);
        return;
      }
      await new Promise((r) => setTimeout(r, backoff[attempt]));
    }
  }
  return {
    send(plan, kind, id, event, data, error) {
      if (!plan || !plan.events.includes(event)) return;
      const prefix = kind === 'crawl' ? 'crawl' : 'batch_scrape';
      const body = JSON.stringify({
        success: event !== 'failed',
        type: `${prefix}.${event}`,
        id,
        data,
        metadata: plan.metadata,
        ...(error ? { error } : {}),
      });
      const headers: Record<string, string> = {
        ...plan.headers,
        'content-type': 'application/json',
        'user-agent': 'distill-webhook',
      };
      if (opts.secret) headers[SIGNATURE_HEADER] = signBody(opts.secret, body);
      const p = deliver(plan.url, headers, body).finally(() => inflight.delete(p));
      inflight.add(p);
    },
    async flush() {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
  };
}
