/**
 * The web address a saved page came from, so a local index of scraped or crawled pages shows
 * results under the address the page was fetched from rather than its file:// copy. Only marks
 * a page carries about itself count: the "saved from url" comment browsers write when saving a
 * page, its canonical link, or its og:url. A page with none stays a local file.
 */
const SAVED_FROM = /<!--\s*saved from url=\(\d+\)(\S+?)\s*-->/i;

function httpUrl(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  try {
    const u = new URL(v.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname && !u.username && !u.password
      ? u.href
      : undefined;
  } catch {
    return undefined;
  }
}

export function webOrigin(html: string | undefined, metadata: Record<string, unknown>): string | undefined {
  const saved = html ? SAVED_FROM.exec(html.slice(0, 4096))?.[1] : undefined;
  return (
    httpUrl(saved) ?? httpUrl(metadata.canonical) ?? httpUrl(metadata['og:url']) ?? httpUrl(metadata.ogUrl)
  );
}
