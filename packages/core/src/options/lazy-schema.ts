import type { z } from 'zod';

/**
 * A zod schema built the first time anything reads it, and then that schema answering for it:
 * validation, composition and JSON Schema output see the built schema. For the schemas a run may
 * never use (the scrape-only options, the search request, the image-file options), which a
 * `distill parse` of one PDF otherwise built at load: zod makes every schema node an object with
 * some twenty-five bound methods, and building these alone cost about 1.5% of a cold one-page
 * run's instructions. Composing one without reading it (`z.array(s)`, or inside another lazy
 * schema's builder) leaves it unbuilt; calling a method on it (`s.optional()`) builds it.
 */
export function lazySchema<T extends z.ZodTypeAny>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
