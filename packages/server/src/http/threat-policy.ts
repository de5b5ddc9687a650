import { DistillError, type ThreatProtectionOverride } from '@distill/core';
import type { KeyRecord } from '../auth/keys.js';

/**
 * A key's organisation-level threat-protection policy (the `threatProtection` entry of a key in
 * the keys file). The spec's rules: a request's override replaces the fields it names; if the
 * organisation disabled overrides, any request carrying the object gets 403; if protection is
 * enforced, `mode` may not be `off`.
 */
export interface KeyThreatPolicy {
  /** The organisation's settings (mode, lists, threshold, failurePolicy). */
  policy?: ThreatProtectionOverride;
  /** false: requests may not carry a threatProtection object (default true). */
  allowOverrides?: boolean;
  /** true: protection always applies and a request may not turn it off. */
  enforced?: boolean;
}

const forbidden = (why: string) => new DistillError('FORBIDDEN', `Forbidden: ${why}`);

/**
 * Checks the request's overrides against the key's policy and returns the policy the job runs
 * under before the scrape options' own override (which the scraper merges last): the
 * organisation's, with `outer` (search's top-level override) merged over it.
 */
export function threatPolicyFor(
  key: KeyRecord | undefined,
  overrides: (ThreatProtectionOverride | undefined)[],
  outer?: ThreatProtectionOverride,
): ThreatProtectionOverride | undefined {
  const org = (key as (KeyRecord & { threatProtection?: KeyThreatPolicy }) | undefined)?.threatProtection;
  const present = overrides.filter((o): o is ThreatProtectionOverride => o !== undefined);
  if (org?.allowOverrides === false && present.length) {
    throw forbidden('the organisation has disabled per-request threat protection overrides');
  }
  if (org?.enforced && present.some((o) => o.mode === 'off')) {
    throw forbidden('threat protection is enforced for the organisation; mode may not be off');
  }
  let policy: ThreatProtectionOverride | undefined = org?.policy ? { ...org.policy } : undefined;
  if (org?.enforced) policy = { mode: 'normal', ...policy };
  if (outer) {
    policy = { ...policy };
    for (const [k, v] of Object.entries(outer))
      if (v !== undefined) (policy as Record<string, unknown>)[k] = v;
  }
  return policy;
}
