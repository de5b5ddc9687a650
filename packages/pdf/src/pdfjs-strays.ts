/**
 * pdf.js leaves some of its own promises rejected with no handler when a content stream is
 * broken (a `FormatError: Invalid number` from a damaged operand, found by `pnpm fuzz`): the
 * page's own promise settles and our code handles that, but the stray rejection reaches Node,
 * whose default is to end the process. The CLI, `distill serve` and a library user's process
 * would all die on one bad PDF. Once pdf.js is loaded in a thread, rejections whose reason is
 * one of pdf.js's exception classes are therefore taken as handled; every other unhandled
 * rejection is thrown again, so Node ends the process for it exactly as it would have.
 */
const PDFJS_EXCEPTIONS = new Set([
  'FormatError',
  'InvalidPDFException',
  'MissingPDFException',
  'UnexpectedResponseException',
  'UnknownErrorException',
  'PasswordException',
  'AbortException',
  'ResponseException',
]);

let installed = false;

export const isPdfjsException = (reason: unknown): boolean => {
  const name = (reason as { name?: unknown } | null)?.name;
  return typeof name === 'string' && PDFJS_EXCEPTIONS.has(name);
};

/** Installs the filter once per thread (the process's main thread or a worker thread). */
export function absorbPdfjsStrays(): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    if (isPdfjsException(reason)) return;
    // Not pdf.js's: as if no listener were here (Node's default --unhandled-rejections=throw).
    throw reason;
  });
}
