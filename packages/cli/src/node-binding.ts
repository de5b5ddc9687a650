// Node's native bindings, for the two calls of a cold `distill parse` whose public modules cost
// more to load than the call: v8.setFlagsFromString (prepare.ts) and zlib.inflateSync
// (cold/zlib-inflate.ts). On Node 20, `require('v8')` and `require('zlib')` each load Node's
// streams (v8's heap snapshot streams, zlib's Transform classes), some twenty built-ins compiled
// from source on every run: 33 M instructions each, 39 M both, of a one-page PDF's 378 M on
// the main thread. Both modules call these same binding functions. Only on Node 20, whose
// lib/v8.js and lib/zlib.js the callers were checked against; elsewhere undefined, and the
// callers use the public modules.

/**
 * `process.binding(name)` on Node 20, or undefined. Node warns that process.binding is
 * deprecated (DEP0111: always for 'v8', with --pending-deprecation for any): a warning the
 * person running the command did not cause, so it is held back for this one call.
 */
export function nodeBinding(name: 'v8' | 'zlib' | 'constants'): Record<string, unknown> | undefined {
  const p = process as unknown as { binding?: (name: string) => unknown; noDeprecation?: boolean };
  if (process.versions.node.split('.')[0] !== '20' || typeof p.binding !== 'function') return undefined;
  const quiet = p.noDeprecation;
  p.noDeprecation = true;
  try {
    const b = p.binding(name);
    return b && typeof b === 'object' ? (b as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  } finally {
    p.noDeprecation = quiet;
  }
}
