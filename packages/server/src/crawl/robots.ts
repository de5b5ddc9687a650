/**
 * robots.txt as RFC 9309 reads it: the group for our user agent (else `*`), the longest
 * matching rule wins and `Allow` wins a tie, `*` and `$` in paths; plus the Crawl-delay and
 * Sitemap lines the RFC leaves to crawlers and which sites still use.
 */
export interface Robots {
  allowed(url: URL): boolean;
  /** Seconds between requests the site asks for, if any. */
  crawlDelay?: number;
  sitemaps: string[];
}

interface Rule {
  allow: boolean;
  path: string;
  re: RegExp;
}

interface Group {
  agents: string[];
  rules: Rule[];
  delay?: number;
}

const toRegExp = (path: string): RegExp => {
  const anchored = path.endsWith('$');
  const body = (anchored ? path.slice(0, -1) : path)
    .split('*')
    .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
};

/** Largest robots.txt read (the RFC's minimum a crawler must parse is 500 KiB). */
export const ROBOTS_MAX_BYTES = 512 * 1024;

export function parseRobots(text: string, userAgent: string): Robots {
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.slice(0, ROBOTS_MAX_BYTES).split(/\r?\n|\r/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const field = m[1].toLowerCase();
    const value = m[2].trim();
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (field === 'sitemap') {
      if (value) sitemaps.push(value);
    } else if (!current) {
    } else if (field === 'allow' || field === 'disallow') {
      // An empty Disallow allows everything: it adds no rule.
      if (value) current.rules.push({ allow: field === 'allow', path: value, re: toRegExp(value) });
    } else if (field === 'crawl-delay') {
      const d = Number(value);
      if (Number.isFinite(d) && d >= 0) current.delay = d;
    }
  }
  const ua = userAgent.toLowerCase();
  const mine = groups.filter((g) => g.agents.some((a) => a !== '*' && ua.includes(a)));
  const chosen = mine.length ? mine : groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  const delays = chosen.map((g) => g.delay).filter((d): d is number => d !== undefined);
  return {
    sitemaps,
    crawlDelay: delays.length ? Math.max(...delays) : undefined,
    allowed(url: URL): boolean {
      if (url.pathname === '/robots.txt') return true;
      let path = url.pathname + url.search;
      try {
        path = decodeURI(path);
      } catch {}
      let best: Rule | undefined;
      for (const r of rules) {
        if (!r.re.test(path)) continue;
        if (!best || r.path.length > best.path.length || (r.path.length === best.path.length && r.allow))
          best = r;
      }
      return best ? best.allow : true;
    },
  };
}

/** What a missing or unreadable robots.txt means (RFC 9309: 4xx allows all). */
export const ALLOW_ALL: Robots = { allowed: () => true, sitemaps: [] };
