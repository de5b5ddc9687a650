import { describe, expect, it } from 'vitest';
import { cleanAltText } from './image.js';

describe('cleanAltText', () => {
  it("drops Office's generated-description boilerplate and bare file names", () => {
    expect(cleanAltText('A cartoon duck holding a paper\n\nAI-generated content may be incorrect.')).toBe(
      'A cartoon duck holding a paper',
    );
    expect(cleanAltText('A chart  Description automatically generated with medium confidence')).toBe(
      'A chart',
    );
    expect(cleanAltText('_good_picture.png')).toBeUndefined();
    expect(cleanAltText('Logo of ACME.png in blue')).toBe('Logo of ACME.png in blue');
    expect(cleanAltText('  ')).toBeUndefined();
  });
});
