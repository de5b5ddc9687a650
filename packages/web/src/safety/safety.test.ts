import { describe, expect, it } from 'vitest';
import { isAdHost } from '../browser/ad-hosts.js';
import { localeFor } from '../browser/location.js';
import { isPrivateAddress } from './addresses.js';
import { domainMatches } from './threat.js';
import { parseTargetUrl } from './url-guard.js';

describe('isPrivateAddress', () => {
  it('flags loopback, private, link-local, metadata, CGNAT and mapped addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '127.9.9.9',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'fc12::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      'ff02::1',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
  });
  it('lets public addresses through', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});

describe('parseTargetUrl', () => {
  it('accepts http(s) and bare hosts, refuses other schemes and credentials', () => {
    expect(parseTargetUrl('https://example.com/a').href).toBe('https://example.com/a');
    expect(parseTargetUrl('example.com/page').href).toBe('https://example.com/page');
    for (const bad of [
      'ftp://x.org/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
      'http://u:p@x.org/',
    ]) {
      expect(() => parseTargetUrl(bad), bad).toThrow(/Invalid URL/);
    }
  });
});

describe('threat lists and ad hosts', () => {
  it('matches plain domains with their subdomains and wildcard globs', () => {
    expect(domainMatches('example.com', 'example.com')).toBe(true);
    expect(domainMatches('a.b.example.com', 'example.com')).toBe(true);
    expect(domainMatches('notexample.com', 'example.com')).toBe(false);
    expect(domainMatches('cdn.example.org', '*.example.org')).toBe(true);
    expect(domainMatches('example.org', '*.example.org')).toBe(false);
  });
  it('blocks listed ad hosts and their subdomains only', () => {
    expect(isAdHost('securepubads.g.doubleclick.net')).toBe(true);
    expect(isAdHost('www.google-analytics.com')).toBe(true);
    expect(isAdHost('example.com')).toBe(false);
  });
});

describe('localeFor', () => {
  it('maps a country to locale, timezone and Accept-Language; languages win', () => {
    expect(localeFor(undefined)).toEqual({
      locale: 'en-US',
      timezoneId: 'America/New_York',
      acceptLanguage: 'en-US,en;q=0.9',
    });
    expect(localeFor({ country: 'FR' })).toMatchObject({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    expect(localeFor({ country: 'CH', languages: ['fr-CH', 'de'] }).acceptLanguage).toBe(
      'fr-CH,fr;q=0.9,de;q=0.8',
    );
  });
});
