import { describe, expect, it } from 'vitest';
import { FORMATS, SUPPORTED_EXTENSIONS } from '../detect/formats.js';
import { type ParserPlugin, ParserRegistry } from './registry.js';

const plugin = (name: string, priority?: number): ParserPlugin => ({
  name,
  formats: ['csv'],
  priority,
  parse: () => ({ blocks: [] }) as never,
});

describe('parser registry', () => {
  it('lets a later registration of equal priority replace an earlier one', () => {
    const r = new ParserRegistry().register(plugin('builtin')).register(plugin('mine'));
    expect(r.get('csv')?.name).toBe('mine');
  });
  it('keeps the higher priority whatever the order', () => {
    const r = new ParserRegistry().register(plugin('preferred', 10)).register(plugin('later'));
    expect(r.get('csv')?.name).toBe('preferred');
    const fallback = new ParserRegistry().register(plugin('builtin')).register(plugin('fallback', -1));
    expect(fallback.get('csv')?.name).toBe('builtin');
    expect(new ParserRegistry().register(plugin('fallback', -1)).get('csv')?.name).toBe('fallback');
  });
});

describe('the format table', () => {
  it('derives the extension list from FORMATS, in the spec order', () => {
    expect(SUPPORTED_EXTENSIONS).toEqual(
      Object.values(FORMATS).flatMap((f) => f.extensions.map((e) => `.${e}`)),
    );
    expect(SUPPORTED_EXTENSIONS).toEqual([
      '.html',
      '.htm',
      '.xhtml',
      '.pdf',
      '.docx',
      '.doc',
      '.docm',
      '.odt',
      '.ods',
      '.odp',
      '.rtf',
      '.xlsx',
      '.xls',
      '.xlsm',
      '.xlsb',
      '.pptx',
      '.ppt',
      '.pptm',
      '.epub',
      '.csv',
    ]);
  });
});
