import { makeZip } from '@distill/core/testing';
import { describe, expect, it } from 'vitest';
import { markdownOf } from '../../test/legacy-support.js';
import { odfParser } from './parser.js';

/**
 * Fuzz finding (pnpm fuzz seed 23, case 6828, an .ods whose content.xml was cut short): a merged
 * cell spanning more rows than the sheet has made convertSheet read past the last row and throw
 * a bare TypeError (UNKNOWN_ERROR). Minimised here as a generated sheet.
 */
const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"';

describe('an ODS merged range that claims rows past the end of the sheet', () => {
  it('is read with the rows there are', async () => {
    const sheet = `<table:table table:name="S"><table:table-row><table:table-cell table:number-rows-spanned="50" table:number-columns-spanned="2"><text:p>merged</text:p></table:table-cell><table:covered-table-cell/></table:table-row><table:table-row><table:covered-table-cell/><table:table-cell><text:p>next</text:p></table:table-cell></table:table-row></table:table>`;
    const bytes = makeZip(
      [
        ['mimetype', 'application/vnd.oasis.opendocument.spreadsheet'],
        [
          'content.xml',
          `<?xml version="1.0"?><office:document-content ${NS}><office:body><office:spreadsheet>${sheet}</office:spreadsheet></office:body></office:document-content>`,
        ],
      ],
      false,
    );
    const md = await markdownOf([odfParser], bytes, 'merge.ods');
    expect(md).toContain('merged');
  });
});
