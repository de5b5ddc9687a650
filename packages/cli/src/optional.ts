/** Thrown when a command needs a package the user has not installed; the CLI prints it as is. */
export class MissingPackageError extends Error {
  constructor(
    readonly pkg: string,
    what: string,
  ) {
    super(`${what} needs the package ${pkg}, which is not installed. Add it with: npm i ${pkg}`);
  }
}

/**
 * Imports an optional part of distill (server, browser engine, queue) and turns "cannot find
 * the package" into a message naming the package to add; any other load failure is rethrown.
 */
export async function loadOptional<T>(load: () => Promise<T>, pkg: string, what: string): Promise<T> {
  try {
    return await load();
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const notFound = err.code === 'ERR_MODULE_NOT_FOUND' || err.code === 'MODULE_NOT_FOUND';
    if (notFound && String(err.message).includes(pkg)) throw new MissingPackageError(pkg, what);
    throw e;
  }
}
