import { fetchSmall } from './fetch-text.js';
import { ALLOW_ALL, parseRobots, ROBOTS_MAX_BYTES, type Robots } from './robots.js';

/** robots.txt files kept per process: an LRU bound for crawls that wander over many hosts. */
const MAX_HOSTS = 1_000;

/**
 * robots.txt per origin and user agent, fetched once per process (concurrent askers share the
 * fetch). An unreachable robots.txt or a 4xx allows all (RFC 9309 §2.3.1.3); a 5xx disallows
 * all, as the RFC asks, since the site may be down rather than permissive.
 */
export class RobotsCache {
  private readonly cache = new Map<string, Promise<Robots>>();

  constructor(private readonly allowPrivate: boolean) {}

  get(url: URL, userAgent: string): Promise<Robots> {
    const key = `${url.origin} ${userAgent}`;
    let p = this.cache.get(key);
    if (p) {
      this.cache.delete(key);
      this.cache.set(key, p);
      return p;
    }
    p = this.load(url.origin, userAgent);
    this.cache.set(key, p);
    if (this.cache.size > MAX_HOSTS) this.cache.delete(this.cache.keys().next().value as string);
    return p;
  }

  private async load(origin: string, userAgent: string): Promise<Robots> {
    try {
      const res = await fetchSmall(`${origin}/robots.txt`, {
        allowPrivate: this.allowPrivate,
        maxBytes: ROBOTS_MAX_BYTES * 4,
        timeoutMs: 15_000,
        userAgent,
      });
      if (res.status >= 500) return { allowed: () => false, sitemaps: [] };
      if (res.status >= 400) return ALLOW_ALL;
      return parseRobots(res.body.toString('utf8'), userAgent);
    } catch {
      return ALLOW_ALL;
    }
  }
}
