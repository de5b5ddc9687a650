import { DistillError, type ScrapeRequest, type SearchRequest } from '@distill/core';
import type { KeyRecord } from '../auth/keys.js';
import type { Feature } from '../config.js';

const FEATURE_NAMES: Record<Feature, string> = {
  enterprise: 'enterprise search options',
  threatProtection: 'threat protection',
  catalogue: 'the tool catalogue',
};

/** Team-gated features a search request uses (spec: enterprise, threat protection, catalogue). */
export function searchFeatures(req: SearchRequest): Feature[] {
  const out: Feature[] = [];
  if (req.enterprise && req.enterprise.length > 0) out.push('enterprise');
  if (req.threatProtection || req.scrapeOptions?.threatProtection) out.push('threatProtection');
  if (req.domainTools === true || req.sources.some((s) => s.type === 'catalogue')) out.push('catalogue');
  return out;
}

export function scrapeFeatures(req: ScrapeRequest): Feature[] {
  return req.threatProtection ? ['threatProtection'] : [];
}

/** 403 `Forbidden` when the key lacks one of the features. */
export function requireFeatures(key: KeyRecord | undefined, needed: Feature[]): void {
  for (const f of needed) {
    if (!key?.features.includes(f)) {
      throw new DistillError('FORBIDDEN', `Forbidden: ${FEATURE_NAMES[f]} is not enabled for this key`);
    }
  }
}

/** The answer of an operation whose provider is not part of this build. */
export const notEnabled = (operation: 'search' | 'scrape'): DistillError =>
  new DistillError(
    'UNSUPPORTED_OPTION',
    `The ${operation} operation is not enabled in this build of distill: no ${operation} provider is installed (parse is available)`,
  );
