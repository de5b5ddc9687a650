import { readFileSync } from 'node:fs';

/**
 * Ad and tracker hosts blocked when `blockAds` is on. A compact built-in list of the largest
 * ad, analytics and tag networks; a hosts-format file (StevenBlack, Peter Lowe, the Block List
 * Project …) given by `DISTILL_ADBLOCK_HOSTS` or `adBlockHostsFile` extends it.
 */
const BUILT_IN = `doubleclick.net googlesyndication.com googleadservices.com googletagservices.com
google-analytics.com googletagmanager.com adservice.google.com pagead2.googlesyndication.com
amazon-adsystem.com adnxs.com criteo.com criteo.net openx.net pubmatic.com rubiconproject.com
taboola.com outbrain.com scorecardresearch.com quantserve.com adsafeprotected.com moatads.com
casalemedia.com advertising.com adform.net smartadserver.com yieldmo.com sharethrough.com
33across.com 3lift.com teads.tv media.net bidswitch.net contextweb.com indexww.com lijit.com
sovrn.com spotxchange.com springserve.com adroll.com zedo.com revcontent.com mgid.com
hotjar.com mouseflow.com fullstory.com crazyegg.com segment.io segment.com mixpanel.com
amplitude.com heap.io optimizely.com newrelic.com nr-data.net chartbeat.com chartbeat.net
facebook.net connect.facebook.net ads.linkedin.com analytics.twitter.com ads-twitter.com
static.ads-twitter.com bat.bing.com clarity.ms hubspot.com hs-analytics.net hs-scripts.com
doubleverify.com adsrvr.org demdex.net omtrdc.net 2o7.net everesttech.net krxd.net bluekai.com
exelator.com rlcdn.com agkn.com tapad.com mathtag.com adition.com yieldlab.net
cookielaw.org onetrust.com cookiebot.com consensu.org trustarc.com quantcast.com
usercentrics.eu didomi.io privacy-center.org`;

let hosts: Set<string> | undefined;

function parseHostsFile(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const l = line.replace(/#.*/, '').trim();
    if (!l) continue;
    const parts = l.split(/\s+/);
    // "0.0.0.0 host" (hosts format) or a bare "host" per line.
    const host = parts.length > 1 ? parts[1] : parts[0];
    if (host && host !== 'localhost' && host.includes('.')) out.push(host.toLowerCase());
  }
  return out;
}

export function adHosts(file = process.env.DISTILL_ADBLOCK_HOSTS): Set<string> {
  if (hosts) return hosts;
  hosts = new Set(BUILT_IN.split(/\s+/).filter(Boolean));
  if (file) {
    try {
      for (const h of parseHostsFile(readFileSync(file, 'utf8'))) hosts.add(h);
    } catch {
      // A missing extra list leaves the built-in one.
    }
  }
  return hosts;
}

/** True when the host or one of its parent domains is listed. */
export function isAdHost(hostname: string, list: Set<string> = adHosts()): boolean {
  let h = hostname.toLowerCase();
  for (;;) {
    if (list.has(h)) return true;
    const dot = h.indexOf('.');
    if (dot < 0) return false;
    h = h.slice(dot + 1);
  }
}

/** Hides the usual consent-banner containers (the blocked hosts above stop most of them loading). */
export const COOKIE_BANNER_CSS = `
#onetrust-consent-sdk, #onetrust-banner-sdk, #CybotCookiebotDialog, #CybotCookiebotDialogBodyUnderlay,
#usercentrics-root, #didomi-host, .didomi-popup-open, #truste-consent-track, .truste_overlay,
#qc-cmp2-container, .qc-cmp2-container, .fc-consent-root, #sp_message_container, [id^="sp_message_container"],
.cc-window, .cc-banner, #cookie-banner, #cookie-consent, #cookieConsent, #cookie-notice, .cookie-banner,
.cookie-consent, .cookie-notice, .cookies-banner, .gdpr-banner, #gdpr-banner, [aria-label="cookieconsent"],
[class*="cookie-banner"], [id*="cookie-banner"], [class*="CookieBanner"], [class*="consent-banner"]
{ display: none !important; visibility: hidden !important; }
`;
