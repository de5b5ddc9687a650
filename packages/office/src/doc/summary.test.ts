import { readFileSync } from 'node:fs';
import { CfbFile } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { corpus, hasCorpora } from '../../test/legacy-support.js';
import { summaryMetadata } from './summary.js';

describe.skipIf(!hasCorpora)('summary information', () => {
  it('reads title and author of a doc', () => {
    const m = summaryMetadata(new CfbFile(new Uint8Array(readFileSync(corpus('office/tika/testWORD.doc')))));
    console.log(JSON.stringify(m));
    expect(m.title).toBe('Sample Word Document');
    expect(m.author).toBeTruthy();
  });
});
