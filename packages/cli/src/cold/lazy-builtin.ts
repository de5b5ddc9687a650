import { type InflateOptions, nativeInflateRawSync, nativeInflateSync, nativeZlib } from './zlib-inflate.js';

// A Node built-in module that loads when first used. The parse bundle imports crypto (image
// names), worker_threads and os (the page pool), zlib, fs/promises and others at the top of
// modules that a given run may never call, and Node compiles each built-in it loads from
// source, with all the built-ins that one needs in turn: crypto alone is some twenty. The
// build (scripts/cold-bundle.ts) turns `require("crypto")` into
// `require("distill-builtin:crypto")` for every built-in Node has not already loaded when a
// script starts, and load.ts answers that with this.

/** Built-ins a CommonJS script finds loaded at start (Node 20): nothing is gained by deferring them. */
export const LOADED_AT_START = new Set([
  'buffer',
  'events',
  'fs',
  'path',
  'url',
  'util',
  'timers',
  'querystring',
]);

/**
 * An object that stands for built-in `name` and loads it on first use: a property read, `in`,
 * or listing its keys (esbuild's __toESM copies them). Properties are read through, so a
 * module's later changes to its exports are seen.
 */
export function lazyBuiltin(name: string): object {
  let mod: Record<PropertyKey, unknown> | undefined;
  const load = () => {
    mod ??= process.getBuiltinModule(name) as Record<PropertyKey, unknown>;
    return mod;
  };
  // zlib's inflate is answered without the module where it can be (zlibOwn), made on first use.
  let own: Record<PropertyKey, unknown> | null | undefined = name === 'zlib' ? undefined : null;
  const get = (key: PropertyKey) => {
    if (own !== null && !mod) {
      own ??= zlibOwn(load);
      if (own && Object.hasOwn(own, key)) return own[key];
    }
    return load()[key];
  };
  return new Proxy(
    {},
    {
      get: (_target, key) => get(key),
      has: (_target, key) => key in load(),
      ownKeys: () => Reflect.ownKeys(load()),
      getOwnPropertyDescriptor: (_target, key) => {
        const d = Reflect.getOwnPropertyDescriptor(load(), key);
        // The target is an empty object: a proxy may only report a property it lacks as configurable.
        return d && { ...d, configurable: true };
      },
    },
  );
}

/**
 * What the lazy `zlib` answers without loading Node's zlib module (and with it Node's streams):
 * inflateSync, inflateRawSync and the constants, through zlib's native handle (zlib-inflate.ts). Any other
 * property loads the module, and from then on the module answers everything.
 */
function zlibOwn(load: () => Record<PropertyKey, unknown>): Record<PropertyKey, unknown> | null {
  const n = nativeZlib();
  if (!n) return null;
  type Inflate = (input: Uint8Array, opts?: InflateOptions) => Buffer;
  return {
    constants: n.constants,
    inflateSync: (input: Uint8Array, opts?: InflateOptions) =>
      nativeInflateSync(n, input, opts) ?? (load().inflateSync as Inflate)(input, opts),
    inflateRawSync: (input: Uint8Array, opts?: InflateOptions) =>
      nativeInflateRawSync(n, input, opts) ?? (load().inflateRawSync as Inflate)(input, opts),
  };
}
