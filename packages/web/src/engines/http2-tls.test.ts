import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../testing/register-parsers.js';
import { Scraper } from '../scraper.js';
import { startTlsServer } from '../testing/tls-server.js';
import { closeFetchAgents } from './fetch.js';

let tls: Awaited<ReturnType<typeof startTlsServer>>;
let base: string;
const protocols: string[] = [];

beforeAll(async () => {
  tls = await startTlsServer((req, res) => {
    protocols.push(req.httpVersion);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<html><head><title>H2</title></head><body><main><p>Served over HTTP/2 with TLS to the fetch engine, which negotiated it by ALPN.</p></main></body></html>',
    );
  });
  base = tls.base;
});

afterAll(async () => {
  await closeFetchAgents();
  await tls.close();
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
