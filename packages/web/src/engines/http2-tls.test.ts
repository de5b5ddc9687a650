import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../testing/register-parsers.js';
import { Scraper } from '../scraper.js';
import { closeFetchAgents } from './fetch.js';

// An HTTPS server with a self-signed certificate that speaks HTTP/2 only.
let server: Http2SecureServer;
let base: string;
let dir: string;
const protocols: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'distill-h2-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-days',
      '1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  server = createSecureServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')), allowHTTP1: false },
    (req, res) => {
      protocols.push(req.httpVersion);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<html><head><title>H2</title></head><body><main><p>Served over HTTP/2 with TLS to the fetch engine, which negotiated it by ALPN.</p></main></body></html>',
      );
    },
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await closeFetchAgents();
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe('fetch engine over HTTP/2 and TLS', () => {
  const scraper = new Scraper({ cache: false, allowPrivateUrls: true });

  it('negotiates HTTP/2 and skips certificate checks by default (skipTlsVerification true)', async () => {
    const doc = await scraper.scrape(`${base}/`, { proxy: 'basic' });
    expect(doc.markdown).toContain('negotiated it by ALPN');
    expect(protocols).toContain('2.0');
  });

  it('refuses a self-signed certificate with skipTlsVerification false', async () => {
    const err = await scraper
      .scrape(`${base}/`, { proxy: 'basic', skipTlsVerification: false })
      .catch((e) => e);
    expect(err.code).toBe('BAD_GATEWAY');
    expect(err.message).toMatch(/SELF_SIGNED|certificate/i);
  });
});
