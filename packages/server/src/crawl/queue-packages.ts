/** "Cannot find package X": the package is not installed (any other load failure is a real error). */
function missing(e: unknown, pkg: string): boolean {
  const err = e as NodeJS.ErrnoException;
  return (
    (err?.code === 'ERR_MODULE_NOT_FOUND' || err?.code === 'MODULE_NOT_FOUND') &&
    String(err.message).includes(pkg)
  );
}

const needs = (pkg: string) =>
  new Error(`--queue needs the package ${pkg}, which is not installed. Add it with: npm i ${pkg}`);

/**
 * The queue engine's packages are optional peers (a plain install does not pull them in), so
 * `--queue` checks them when the server starts: a missing one is named, with the command that
 * adds it, before the server listens, not on the first crawl.
 */
export async function requireQueuePackages(): Promise<void> {
  try {
    await import('bullmq');
  } catch (e) {
    throw missing(e, 'bullmq') ? needs('bullmq') : e;
  }
  try {
    await import('ioredis');
  } catch (e) {
    throw missing(e, 'ioredis') ? needs('ioredis') : e;
  }
}
