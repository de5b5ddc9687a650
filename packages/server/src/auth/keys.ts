import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type ApiKeyConfig, FEATURES, type Feature } from '../config.js';

/** A key as the server holds it: its digest, never the key, plus its settings. */
export interface KeyRecord extends Omit<ApiKeyConfig, 'key'> {
  /**
   * Stable id for limits and ledgers, derived from the key itself (not its position in a
   * list), so a restart with the keys reordered, or another instance with another keys file,
   * finds the same balance. Never shown to callers.
   */
  id: string;
  name: string;
  features: Feature[];
  digest: Buffer;
}

const digestOf = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/**
 * The id a key's state is stored under: a hash of the key in its own domain (not the lookup
 * digest), shortened; a state file or Redis holds this, never the key or its lookup digest.
 */
export const keyIdOf = (key: string): string =>
  `k_${createHash('sha256').update(`distill-key-id\0${key}`, 'utf8').digest('hex').slice(0, 32)}`;

function checkFeatures(features: unknown, where: string): Feature[] {
  if (features === undefined) return [];
  if (!Array.isArray(features) || features.some((f) => !(FEATURES as readonly string[]).includes(f)))
    throw new Error(`${where}: features must be a list of ${FEATURES.join(', ')}`);
  return features as Feature[];
}

/** Reads a keys file: JSON (`[...]` or `{keys: [...]}`) or plain text, one key per line, `#` comments. */
export function readKeysFile(path: string): (string | ApiKeyConfig)[] {
  const text = readFileSync(path, 'utf8');
  const trimmed = text.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const json = JSON.parse(trimmed) as unknown;
    const list = Array.isArray(json) ? json : (json as { keys?: unknown }).keys;
    if (!Array.isArray(list)) throw new Error(`${path}: expected an array of keys or {"keys": [...]}`);
    return list as (string | ApiKeyConfig)[];
  }
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);
}

/** Keys from DISTILL_API_KEYS: comma-separated. */
export const keysFromEnv = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

/**
 * The key set. Lookup hashes the presented token and compares it with every key's digest in
 * constant time, without stopping at a match, so timing says nothing about which keys exist
 * or how much of a guess was right.
 */
export class KeyStore {
  readonly records: KeyRecord[];

  constructor(keys: (string | ApiKeyConfig)[], defaultFeatures: Feature[] = []) {
    const seen = new Set<string>();
    this.records = [];
    keys.forEach((k, i) => {
      const cfg: ApiKeyConfig = typeof k === 'string' ? { key: k } : k;
      if (typeof cfg.key !== 'string' || cfg.key.length === 0) throw new Error(`key #${i + 1} is empty`);
      if (seen.has(cfg.key)) return;
      seen.add(cfg.key);
      const { key, ...rest } = cfg;
      this.records.push({
        ...rest,
        id: keyIdOf(key),
        name: cfg.name ?? `key${i + 1}`,
        features: cfg.features ? checkFeatures(cfg.features, `key ${cfg.name ?? i + 1}`) : defaultFeatures,
        digest: digestOf(key),
      });
    });
  }

  get size(): number {
    return this.records.length;
  }

  find(token: string): KeyRecord | undefined {
    const d = digestOf(token);
    let found: KeyRecord | undefined;
    for (const r of this.records) {
      if (timingSafeEqual(d, r.digest) && !found) found = r;
    }
    return found;
  }
}

/** Extracts the token of `Authorization: Bearer <token>`; anything else is undefined. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(header);
  return m ? m[1] : undefined;
}
