import { DistillError } from '@distill/core';
import { makeZip as writeZip } from '@distill/core/testing';
import { describe, expect, it } from 'vitest';
import { markdownOf } from '../../test/legacy-support.js';

/** Stored members, as the hostile cases need them byte for byte. */
const makeZip = (files: [string, string | Uint8Array][]) => writeZip(files, false);

import { odfParser } from './parser.js';

const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"';
const odf = (mime: string, body: string) =>
  makeZip([
    ['mimetype', mime],
    [
      'content.xml',
      `<?xml version="1.0"?><office:document-content ${NS}><office:body>${body}</office:body></office:document-content>`,
    ],
  ]);

describe('ODF hostile input', () => {
  const depth = 100_000;

  it('flattens 100,000 nested lists and spans instead of overflowing the stack', async () => {
    const lists = `${'<text:list><text:list-item>'.repeat(depth)}<text:p>deep item</text:p>${'</text:list-item></text:list>'.repeat(depth)}`;
    const spans = `<text:p>${'<text:span>'.repeat(depth)}deep span${'</text:span>'.repeat(depth)}</text:p>`;
    const md = await markdownOf(
      [odfParser],
      odf('application/vnd.oasis.opendocument.text', `<office:text>${lists}${spans}</office:text>`),
      'deep.odt',
    );
    expect(md).toContain('deep item');
    expect(md).toContain('deep span');
  });

  it('flattens 100,000 nested drawing groups of a presentation', async () => {
    const groups = `<draw:page>${'<draw:g>'.repeat(depth)}<draw:frame><draw:text-box><text:p>in a group</text:p></draw:text-box></draw:frame>${'</draw:g>'.repeat(depth)}</draw:page>`;
    const md = await markdownOf(
      [odfParser],
      odf(
        'application/vnd.oasis.opendocument.presentation',
        `<office:presentation>${groups}</office:presentation>`,
      ),
      'deep.odp',
    );
    expect(md).toContain('in a group');
  });

  it('caps a sheet that repeats a row a million times', async () => {
    const sheet = `<office:spreadsheet><table:table table:name="S"><table:table-row table:number-rows-repeated="1048576"><table:table-cell office:value-type="string" table:number-columns-repeated="16384"><text:p>x</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet>`;
    const md = await markdownOf(
      [odfParser],
      odf('application/vnd.oasis.opendocument.spreadsheet', sheet),
      'big.ods',
    );
    expect(md.length).toBeLessThan(20_000_000);
  });

  it('reports a password-protected package as FILE_ENCRYPTED', async () => {
    const bytes = makeZip([
      ['mimetype', 'application/vnd.oasis.opendocument.text'],
      [
        'META-INF/manifest.xml',
        '<manifest:manifest><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/></manifest:file-entry></manifest:manifest>',
      ],
      ['content.xml', 'binary'],
    ]);
    const err = await markdownOf([odfParser], bytes, 'locked.odt').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DistillError);
    expect((err as DistillError).code).toBe('FILE_ENCRYPTED');
  });
});

describe('sparse sheets stay bounded', () => {
  it('does not grow a grid of billions of cells from far-apart cells', async () => {
    const row = (col: number) =>
      `<table:table-row><table:table-cell table:number-columns-repeated="${col}"/><table:table-cell office:value-type="string"><text:p>far</text:p></table:table-cell></table:table-row>`;
    const rows = Array.from({ length: 2000 }, (_, i) => row(i % 2 ? 16000 : 1)).join('');
    const sheet = `<office:spreadsheet><table:table table:name="S">${rows}</table:table></office:spreadsheet>`;
    const md = await markdownOf(
      [odfParser],
      odf('application/vnd.oasis.opendocument.spreadsheet', sheet),
      'sparse.ods',
    );
    expect(md).toContain('far');
    expect(md.length).toBeLessThan(100_000_000);
  });
});
