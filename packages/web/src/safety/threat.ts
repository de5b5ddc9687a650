import { DistillError, type ThreatProtectionOverride } from '@distill/core';

/** An external URL-risk service: a score of 0 (safe) to 100 (malicious). Throws when unreachable. */
export interface RiskClassifier {
  score(url: string, signal?: AbortSignal): Promise<number>;
}

export type ThreatPolicy = ThreatProtectionOverride;

const DEFAULT_THRESHOLD = 50;

/** A plain domain matches itself and its subdomains; `*` in a glob matches any run of characters. */
export function domainMatches(host: string, pattern: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const p = pattern.toLowerCase().replace(/\.$/, '');
  if (!p.includes('*')) return h === p || h.endsWith(`.${p}`);
  const re = new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return re.test(h);
}

/** The request's override replaces the organisation's fields it names and keeps the others. */
export function mergeThreatPolicy(
  org: ThreatPolicy | undefined,
  override: ThreatPolicy | undefined,
): ThreatPolicy | undefined {
  if (!org && !override) return undefined;
  const merged: ThreatPolicy = { ...org };
  for (const [k, v] of Object.entries(override ?? {}))
    if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  return merged;
}

const refuse = (why: string) => new DistillError('FORBIDDEN', `Forbidden: ${why}`);

/**
 * Applies threat protection to one URL (the requested one and every redirect): the whitelist
 * wins over every other rule, then the blacklist, blocked TLDs and, in `normal` mode, the risk
 * classifier, whose unreachability `failurePolicy` settles.
 */
export async function checkThreat(
  url: URL,
  policy: ThreatPolicy | undefined,
  classifier: RiskClassifier | undefined,
  signal?: AbortSignal,
): Promise<void> {
  if (!policy) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (policy.whitelist?.some((p) => domainMatches(host, p))) return;
  if (policy.blacklist?.some((p) => domainMatches(host, p))) {
    throw refuse(`${host} is on the threat-protection blacklist`);
  }
  const tld = host.split('.').pop()?.toLowerCase() ?? '';
  if (policy.blockedTlds?.includes(tld)) throw refuse(`the top-level domain .${tld} is blocked`);
  if (policy.mode !== 'normal') return;
  let score: number;
  try {
    if (!classifier) throw new Error('no URL-risk classifier is configured');
    score = await classifier.score(url.href, signal);
  } catch (e) {
    if ((policy.failurePolicy ?? 'closed') === 'open') return;
    throw refuse(
      `the URL-risk classifier is unreachable (${(e as Error).message}) and failurePolicy is closed`,
    );
  }
  const threshold = policy.riskScoreThreshold ?? DEFAULT_THRESHOLD;
  if (score >= threshold) throw refuse(`the URL's risk score ${score} is at or above ${threshold}`);
}
