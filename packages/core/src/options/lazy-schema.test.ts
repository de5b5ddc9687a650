import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

const build = () =>
  z
    .object({
      country: z.string().regex(/^[A-Z]{2}$/, 'two capitals'),
      languages: z.array(z.string().min(1)).optional(),
    })
    .strict();

describe('lazySchema', () => {
  it('builds nothing until read, then once', () => {
    let builds = 0;
    const lazy = lazySchema(() => {
      builds++;
      return build();
    });
    // Composing without reading it, as a shape's fields and z.array do, leaves it unbuilt.
    const outer = z.object({ where: z.array(lazy).optional() });
    expect(builds).toBe(0);
    expect(outer.safeParse({}).success).toBe(true);
    expect(builds).toBe(0);
    expect(outer.safeParse({ where: [{ country: 'FR' }] }).success).toBe(true);
    expect(lazy.safeParse({ country: 'DE' }).success).toBe(true);
    expect(builds).toBe(1);
  });

  it('validates and fails as the schema it builds, and is one', () => {
    const eager = build();
    const lazy = lazySchema(build);
    for (const input of [
      { country: 'FR', languages: ['fr'] },
      { country: 'fr' },
      { country: 'FR', languages: [''] },
      { country: 'FR', extra: 1 },
      'FR',
      undefined,
    ]) {
      const a = eager.safeParse(input);
      const b = lazy.safeParse(input);
      expect(b.success).toBe(a.success);
      expect(b.success ? b.data : b.error.issues).toEqual(a.success ? a.data : a.error.issues);
      // Inside another schema too: issues carry the same paths.
      const ea = z.object({ at: z.array(eager) }).safeParse({ at: [input] });
      const eb = z.object({ at: z.array(lazy) }).safeParse({ at: [input] });
      expect(eb.success ? eb.data : eb.error.issues).toEqual(ea.success ? ea.data : ea.error.issues);
    }
    expect(lazy).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(lazy.shape)).toEqual(Object.keys(eager.shape));
  });
});
