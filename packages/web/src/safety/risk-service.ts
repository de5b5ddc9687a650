import type { RiskClassifier } from './threat.js';

export interface HttpRiskClassifierOptions {
  /** The service's URL: POSTed `{"url": "<address>"}`, it answers `{"score": 0..100}`. */
  url: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given. */
  apiKey?: string;
  /** How long one answer may take before the service counts as unreachable (default 5 s). */
  timeoutMs?: number;
}

/**
 * A URL-risk classifier behind HTTP, for threat protection's `normal` mode: the URL is POSTed
 * as JSON and the service answers its risk as `{"score": n}`, 0 (safe) to 100 (malicious).
 * Any other answer (a non-2xx status, no number, a number out of range, a timeout) throws, which
 * the request's `failurePolicy` settles like an unreachable service: a score is never guessed.
 */
export function httpRiskClassifier(opts: HttpRiskClassifierOptions): RiskClassifier {
  const timeoutMs = opts.timeoutMs ?? 5_000;
  return {
    async score(url: string, signal?: AbortSignal): Promise<number> {
      const timeout = AbortSignal.timeout(timeoutMs);
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify({ url }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`the classifier answered HTTP ${res.status}`);
      }
      const body = (await res.json().catch(() => undefined)) as { score?: unknown } | undefined;
      const score = body?.score;
      if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 100)
        throw new Error('the classifier answered no score in 0..100');
      return score;
    },
  };
}

/** The classifier `--threat-classifier-url` / DISTILL_THREAT_CLASSIFIER_URL names, if any. */
export function riskClassifierFromEnv(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<HttpRiskClassifierOptions> = {},
): RiskClassifier | undefined {
  const url = overrides.url ?? (env.DISTILL_THREAT_CLASSIFIER_URL || undefined);
  if (!url) return undefined;
  const timeout = overrides.timeoutMs ?? Number(env.DISTILL_THREAT_CLASSIFIER_TIMEOUT_MS);
  return httpRiskClassifier({
    url,
    apiKey: overrides.apiKey ?? (env.DISTILL_THREAT_CLASSIFIER_API_KEY || undefined),
    ...(Number.isFinite(timeout) && timeout > 0 ? { timeoutMs: timeout } : {}),
  });
}

/** A classifier that counts the URLs it scored, for pricing (+2 credits per URL scanned). */
export function countingClassifier(base: RiskClassifier): RiskClassifier & { readonly scanned: number } {
  let scanned = 0;
  return {
    get scanned() {
      return scanned;
    },
    async score(url, signal) {
      const s = await base.score(url, signal);
      scanned++;
      return s;
    },
  };
}
