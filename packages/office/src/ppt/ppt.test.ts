import { DistillError } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { truncated, withFatLoop } from '../../test/hostile-cfb.js';
import { markdownOf, roundtripFixture } from '../../test/legacy-support.js';
import { pptParser } from './parser.js';

describe('ppt reader', () => {
  it('emits slides in order with titles first', async () => {
    const md = await markdownOf([pptParser], roundtripFixture('roundtrip.ppt'), 'x.ppt');
    expect(md.indexOf('# Launch Plan')).toBeLessThan(md.indexOf('Kickoff meeting'));
    expect(md.indexOf('<!-- Slide number: 2 -->')).toBeLessThan(md.indexOf('# Budget Table'));
    expect(md.indexOf('# Budget Table')).toBeLessThan(md.indexOf('Servers'));
  });

  it('reports an encrypted presentation (Current User token) as FILE_ENCRYPTED', async () => {
    const b = roundtripFixture('roundtrip.ppt');
    // The Current User stream is small, so it lives in the mini stream: find its token.
    const token = [0x5f, 0xc0, 0x91, 0xe3];
    let at = -1;
    for (let i = 0; i + 4 < b.length && at < 0; i++) if (token.every((v, k) => b[i + k] === v)) at = i;
    expect(at).toBeGreaterThan(0);
    b.set([0xdf, 0xc4, 0xd1, 0xf3], at);
    const err = await markdownOf([pptParser], b, 'locked.ppt').catch((e: unknown) => e);
    expect((err as DistillError).code).toBe('FILE_ENCRYPTED');
  });

  it('refuses truncated files and FAT loops with FILE_CORRUPT', async () => {
    const b = roundtripFixture('roundtrip.ppt');
    for (const bad of [truncated(b, 1000), truncated(b, 9000), withFatLoop(b)]) {
      const err = await markdownOf([pptParser], bad, 'bad.ppt').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DistillError);
      expect((err as DistillError).code).toBe('FILE_CORRUPT');
    }
  });
});
