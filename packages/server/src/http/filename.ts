/**
 * The client's filename, reduced to a last path segment without control characters. It is only
 * ever used to read an extension for format detection: never joined to a path or opened.
 */
export function safeFilename(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const last = name.split(/[/\\]/).pop() ?? '';
  const clean = last
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(-255);
  if (!clean || clean === '.' || clean === '..') return undefined;
  return clean;
}
