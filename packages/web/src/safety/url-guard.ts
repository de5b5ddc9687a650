import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { DistillError } from '@distill/core';
import { isPrivateAddress } from './addresses.js';

/** Names that resolve to internal services whatever DNS says. */
const INTERNAL_NAMES = /^(localhost|.*\.localhost|metadata\.google\.internal|metadata)$/i;

/** Absolute http(s) URLs only, as the spec's 400 `Invalid URL` says. */
export function parseTargetUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    // A bare host ("example.com/page") is read as https, as the hosted service does.
    try {
      if (!/^[a-z][a-z0-9+.-]*:/i.test(raw.trim()) && /^[^\s/]+\.[^\s/]+/.test(raw.trim()))
        url = new URL(`https://${raw.trim()}`);
      else throw new Error('no scheme');
    } catch {
      throw new DistillError(
        'INVALID_URL',
        `Invalid URL: ${JSON.stringify(raw)} is not an absolute http(s) URL`,
      );
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new DistillError(
      'INVALID_URL',
      `Invalid URL: the scheme ${url.protocol} is not supported (http or https)`,
    );
  }
  if (url.username || url.password) {
    throw new DistillError('INVALID_URL', 'Invalid URL: credentials in the URL are not accepted');
  }
  return url;
}

export const privateUrlsAllowedByEnv = (): boolean => process.env.DISTILL_ALLOW_PRIVATE_URLS === '1';

const refusal = (host: string, address?: string) =>
  new DistillError(
    'FORBIDDEN',
    `Forbidden: ${host}${address && address !== host ? ` resolves to ${address}, which is` : ' is'} a loopback, private, link-local or metadata address; set DISTILL_ALLOW_PRIVATE_URLS=1 (or allowPrivateUrls) to allow it`,
  );

/** Refuses a host that is, or resolves to, a non-public address (checked again at connect time). */
export async function assertPublicHost(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (INTERNAL_NAMES.test(host)) throw refusal(host);
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw refusal(host);
    return;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, addrs) => (err ? reject(err) : resolve(addrs))),
  ).catch((e: NodeJS.ErrnoException) => {
    throw new DistillError('BAD_GATEWAY', `Bad Gateway: cannot resolve ${host} (${e.code ?? e.message})`);
  });
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  if (bad) throw refusal(host, bad.address);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets that refuses private addresses after resolution, so a DNS answer that
 * changes between the check and the connection (rebinding) is still refused.
 */
export function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number } | number,
  callback: LookupCallback,
): void {
  const opts = typeof options === 'number' ? { family: options } : options;
  dnsLookup(hostname, { ...opts, all: true }, (err, addrs) => {
    if (err) return callback(err, []);
    const bad = addrs.find((a) => isPrivateAddress(a.address));
    if (bad) {
      const e = refusal(hostname, bad.address) as unknown as NodeJS.ErrnoException;
      return callback(e, []);
    }
    if (opts.all) return callback(null, addrs);
    callback(null, addrs[0].address, addrs[0].family);
  });
}
