import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../server.js';
import { csv, KEY, post, postJson, postParse, type Running, startServer } from '../testing/harness.js';
import { bearerToken, KeyStore, readKeysFile } from './keys.js';

describe('bearer authentication', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startServer({ apiKeys: [KEY, 'second-key-zzzz'] });
  });
  afterAll(() => s.close());

  const denied = { success: false, error: 'Unauthorized: Invalid token', code: 'UNAUTHORIZED' };

  it('accepts every configured key', async () => {
    for (const k of [KEY, 'second-key-zzzz']) {
      const r = await postParse(s.url, [{ name: 'file', filename: 'a.csv', data: csv }], {
        authorization: `Bearer ${k}`,
      });
      expect(r.status).toBe(200);
    }
  });

  it('401 for a missing, malformed or unknown key, on every route but health', async () => {
    const headers: Record<string, string>[] = [
      {},
      { authorization: KEY },
      { authorization: `Basic ${KEY}` },
      { authorization: 'Bearer' },
    ];
    for (const h of headers) {
      for (const path of ['/v2/parse', '/v2/search', '/v2/scrape']) {
        const r = await post(s.url, path, '{}', { 'content-type': 'application/json', ...h });
        expect(r.status, `${path} ${JSON.stringify(h)}`).toBe(401);
        expect(r.json).toMatchObject(denied);
      }
    }
    const health = await fetch(`${s.url}/v2/health`);
    expect(health.status).toBe(200);
  });

  it('a wrong key never reveals whether other keys exist', async () => {
    // A prefix of a real key, a real key with one character changed, a key with a space,
    // and a random one: all get byte-identical answers apart from the request id.
    const guesses = [KEY.slice(0, 10), `${KEY.slice(0, -1)}X`, `${KEY}x`, 'completely-random'];
    const bodies = new Set<string>();
    const headerSets = new Set<string>();
    for (const g of guesses) {
      const r = await postJson(s.url, '/v2/search', { query: 'x' }, { authorization: `Bearer ${g}` });
      expect(r.status).toBe(401);
      bodies.add(JSON.stringify({ ...r.json, id: undefined }));
      headerSets.add(JSON.stringify({ ...r.headers, date: undefined, 'x-request-id': undefined }));
    }
    expect(bodies.size).toBe(1);
    expect(headerSets.size).toBe(1);
  });

  it('never logs a key', async () => {
    await postJson(s.url, '/v2/search', { query: 'x' }, { authorization: 'Bearer wrong-guess-key' });
    const logs = s.logs.join('');
    expect(logs).not.toContain(KEY);
    expect(logs).not.toContain('wrong-guess-key');
  });
});

describe('per-key features', () => {
  it('403 Forbidden for a gated feature, 200 path for a key that has it', async () => {
    const s = await startServer({ apiKeys: [KEY, { key: 'tp-key', features: ['threatProtection'] }] });
    try {
      const no = await postJson(s.url, '/v2/scrape', {
        url: 'https://a.com',
        threatProtection: { mode: 'normal' },
      });
      expect(no.status).toBe(403);
      expect(no.json).toMatchObject({ success: false, code: 'FORBIDDEN' });
      const yes = await postJson(
        s.url,
        '/v2/scrape',
        { url: 'https://a.com', threatProtection: { mode: 'normal' } },
        { authorization: 'Bearer tp-key' },
      );
      expect(yes.json.code).toBe('UNSUPPORTED_OPTION');
    } finally {
      await s.close();
    }
  });
});

describe('running without keys', () => {
  it('refuses to start without keys unless noAuth is given', () => {
    expect(() => createServer({ logger: false })).toThrow(/No API keys/);
  });

  it('refuses noAuth on a non-loopback interface', () => {
    expect(() => createServer({ noAuth: true, host: '0.0.0.0', logger: false })).toThrow(/loopback/);
  });

  it('serves without a key under noAuth on loopback', async () => {
    const s = await startServer({ apiKeys: [], noAuth: true });
    try {
      const r = await postParse(s.url, [{ name: 'file', filename: 'a.csv', data: csv }], {
        authorization: '',
      });
      expect(r.status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('key sources', () => {
  it('reads JSON and plain-text key files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'distill-keys-'));
    const json = join(dir, 'keys.json');
    writeFileSync(
      json,
      JSON.stringify({ keys: [{ key: 'a', name: 'alice', features: ['catalogue'] }, 'b'] }),
    );
    const text = join(dir, 'keys.txt');
    writeFileSync(text, '# team keys\nk1\n\n k2  # ci\n');
    const store = new KeyStore(readKeysFile(json));
    expect(store.find('a')?.name).toBe('alice');
    expect(store.find('a')?.features).toEqual(['catalogue']);
    expect(store.find('b')).toBeDefined();
    expect(store.find('c')).toBeUndefined();
    expect(readKeysFile(text)).toEqual(['k1', 'k2']);
  });

  it('rejects unknown features in a keys file', () => {
    expect(() => new KeyStore([{ key: 'a', features: ['root' as never] }])).toThrow(/features/);
  });

  it('parses only well-formed bearer headers', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken('Token abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
