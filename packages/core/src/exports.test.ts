import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as core from './index.js';

describe("core's public surface", () => {
  it('leaves the test-only ZIP writer and corpus helpers out', () => {
    expect('makeZip' in core).toBe(false);
    expect('corpusFiles' in core).toBe(false);
  });
  it('publishes no testing subpath', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    // The dev condition resolves it inside the workspace; the published exports do not have it.
    expect(Object.keys(pkg.exports['./testing'])).toEqual(['distill-source']);
    expect(pkg.publishConfig.exports['./testing']).toBeUndefined();
  });
});
