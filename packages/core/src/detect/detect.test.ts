import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DistillError } from '../errors/distill-error.js';
import { corpusFiles, hasCorpora } from '../testing/corpora.js';
import { makeZip } from '../testing/zip-writer.js';
import { detectFormat } from './detect.js';
import { formatFromExtension, SUPPORTED_EXTENSIONS } from './formats.js';

const code = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    return e instanceof DistillError ? e.code : `not a DistillError: ${e}`;
  }
  return 'no error';
};

describe.skipIf(!hasCorpora)('detection over the corpora', () => {
  const files = [...corpusFiles('office'), ...corpusFiles('pdf', 'dpbench-dev', 'pdfs')].filter((f) =>
    formatFromExtension(f),
  );

  it('covers many files of every format family', () => {
    expect(files.length).toBeGreaterThan(250);
    const formats = new Set(files.map((f) => formatFromExtension(f)));
    for (const f of [
      'pdf',
      'docx',
      'doc',
      'xlsx',
      'xls',
      'xlsb',
      'xlsm',
      'pptx',
      'pptm',
      'odt',
      'ods',
      'odp',
      'rtf',
      'epub',
      'csv',
      'html',
    ]) {
      expect(formats, f).toContain(f);
    }
  });

  const detectOrMessage = (bytes: Uint8Array, filename?: string): string => {
    try {
      return detectFormat({ bytes, filename }).format;
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('reports the right format for each file, with its name', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const got = detectOrMessage(new Uint8Array(readFileSync(file)), basename(file));
      const expected = formatFromExtension(file)!;
      if (got !== expected) wrong.push(`${basename(file)}: expected ${expected}, got ${got}`);
    }
    expect(wrong).toEqual([]);
  });

  it('reports the right format of every binary and markup file from its bytes alone', () => {
    // CSV is plain text: a one-column CSV is indistinguishable from prose, so only it needs the name.
    const wrong: string[] = [];
    for (const file of files.filter((f) => !f.endsWith('.csv'))) {
      const got = detectOrMessage(new Uint8Array(readFileSync(file)));
      const expected = formatFromExtension(file)!;
      if (got !== expected) wrong.push(`${basename(file)}: expected ${expected}, got ${got}`);
    }
    expect(wrong).toEqual([]);
  });

  it('prefers the bytes over a wrong extension, with a warning', () => {
    const docx = files.find((f) => f.endsWith('.docx'))!;
    const d = detectFormat({ bytes: new Uint8Array(readFileSync(docx)), filename: 'report.pdf' });
    expect(d.format).toBe('docx');
    expect(d.warnings.join(' ')).toMatch(/report\.pdf.*DOCX/);
    const pdf = files.find((f) => f.endsWith('.pdf'))!;
    const p = detectFormat({ bytes: new Uint8Array(readFileSync(pdf)), filename: 'scan.html' });
    expect(p.format).toBe('pdf');
    expect(p.warnings).toHaveLength(1);
  });
});

describe('detection of made-up inputs', () => {
  const CT = (main: string, part: string) =>
    `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="${main}"/></Types>`;

  it('tells OOXML, macro-enabled OOXML, xlsb, ODF and EPUB apart by members', () => {
    const cases: [Record<string, string>, string][] = [
      [
        {
          '[Content_Types].xml': CT(
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
            'word/document.xml',
          ),
          'word/document.xml': '<w/>',
        },
        'docx',
      ],
      [
        {
          '[Content_Types].xml': CT(
            'application/vnd.ms-word.document.macroEnabled.main+xml',
            'word/document.xml',
          ),
          'word/document.xml': '<w/>',
        },
        'docm',
      ],
      [
        {
          '[Content_Types].xml': CT(
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
            'xl/workbook.xml',
          ),
          'xl/workbook.xml': '<w/>',
        },
        'xlsx',
      ],
      [
        {
          '[Content_Types].xml': CT(
            'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
            'xl/workbook.xml',
          ),
          'xl/workbook.xml': '<w/>',
          'xl/vbaProject.bin': 'x',
        },
        'xlsm',
      ],
      [
        {
          '[Content_Types].xml': CT(
            'application/vnd.ms-excel.sheet.binary.macroEnabled.main',
            'xl/workbook.bin',
          ),
          'xl/workbook.bin': 'x',
        },
        'xlsb',
      ],
      [
        {
          '[Content_Types].xml': CT(
            'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
            'ppt/presentation.xml',
          ),
          'ppt/presentation.xml': '<p/>',
        },
        'pptx',
      ],
      [
        {
          '[Content_Types].xml': CT(
            'application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml',
            'ppt/presentation.xml',
          ),
          'ppt/presentation.xml': '<p/>',
        },
        'pptm',
      ],
      [{ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<x/>' }, 'odt'],
      [{ mimetype: 'application/vnd.oasis.opendocument.spreadsheet', 'content.xml': '<x/>' }, 'ods'],
      [{ mimetype: 'application/vnd.oasis.opendocument.presentation', 'content.xml': '<x/>' }, 'odp'],
      [{ mimetype: 'application/epub+zip', 'META-INF/container.xml': '<c/>' }, 'epub'],
      [{ 'META-INF/container.xml': '<c/>', 'OEBPS/content.opf': '<package/>' }, 'epub'],
    ];
    for (const [members, expected] of cases) {
      expect(detectFormat({ bytes: makeZip(members) }).format, expected).toBe(expected);
    }
  });

  it('recognises text formats: RTF, HTML, XHTML, CSV', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(detectFormat({ bytes: enc('{\\rtf1\\ansi hello}') }).format).toBe('rtf');
    expect(detectFormat({ bytes: enc('<!DOCTYPE html><html><body>x</body></html>') }).format).toBe('html');
    expect(detectFormat({ bytes: enc('\n  <html lang="en"><p>x') }).format).toBe('html');
    expect(
      detectFormat({
        bytes: enc('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'),
      }).format,
    ).toBe('xhtml');
    expect(detectFormat({ bytes: enc('<html><body>x</body></html>'), filename: 'a.xhtml' }).format).toBe(
      'xhtml',
    );
    expect(detectFormat({ bytes: enc('a;b;c\n1;2;3\n4;5;6\n') }).format).toBe('csv');
    expect(detectFormat({ bytes: enc('just one line'), filename: 'x.csv' }).format).toBe('csv');
    expect(detectFormat({ bytes: enc('name,age\nx,1\n'), contentType: 'text/csv; charset=utf-8' }).via).toBe(
      'contentType',
    );
  });

  it('gives UNSUPPORTED_FILE_TYPE for garbage, a plain zip, or unknown text, listing the extensions', () => {
    const junk = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 256);
    expect(code(() => detectFormat({ bytes: junk, filename: 'x.pdf' }))).toBe('UNSUPPORTED_FILE_TYPE');
    expect(code(() => detectFormat({ bytes: junk }))).toBe('UNSUPPORTED_FILE_TYPE');
    expect(code(() => detectFormat({ bytes: makeZip({ 'a.txt': 'hello' }), filename: 'a.docx' }))).toBe(
      'UNSUPPORTED_FILE_TYPE',
    );
    expect(
      code(() =>
        detectFormat({ bytes: new TextEncoder().encode('plain prose, nothing else'), filename: 'notes.txt' }),
      ),
    ).toBe('UNSUPPORTED_FILE_TYPE');
    try {
      detectFormat({ bytes: junk, filename: 'program.exe' });
    } catch (e) {
      for (const ext of SUPPORTED_EXTENSIONS) expect((e as Error).message).toContain(ext);
    }
  });

  it('gives FILE_CORRUPT for an empty file and a truncated ZIP', () => {
    expect(code(() => detectFormat({ bytes: new Uint8Array(0), filename: 'a.docx' }))).toBe('FILE_CORRUPT');
    const zip = makeZip({ '[Content_Types].xml': 'x', 'word/document.xml': '<w/>' });
    expect(code(() => detectFormat({ bytes: zip.subarray(0, zip.length - 30) }))).toBe('FILE_CORRUPT');
  });
});
