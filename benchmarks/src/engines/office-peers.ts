import { turndown } from './html-peers.js';
import type { Engine } from './types.js';
import { pkgVersion, run, toolVersion } from './util.js';

const mammothEngine: Engine = {
  name: 'mammoth+turndown',
  kinds: ['office'],
  accepts: (ext) => ext === 'docx',
  version: async () => `mammoth ${pkgVersion('mammoth')}`,
  convert: async ({ bytes }) => {
    const mammoth = (await import('mammoth')).default;
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    return (await turndown()).turndown(value);
  },
};

const OFFICEPARSER_EXTS = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'csv', 'html', 'md']);
const officeparserEngine: Engine = {
  name: 'officeparser',
  kinds: ['office'],
  accepts: (ext) => OFFICEPARSER_EXTS.has(ext),
  version: async () => pkgVersion('officeparser'),
  // Given the path, officeparser picks the format by extension; from a buffer it cannot detect
  // csv, html or md.
  convert: async ({ path }) => {
    const { OfficeConverter } = await import('officeparser');
    const r = (await OfficeConverter.convert(path, 'md' as never)) as { value: unknown };
    return String(r.value ?? '');
  },
};

// pandoc 2.17 reads docx, odt, epub, html, csv, rtf? (no), but not xlsx/pptx/legacy binaries.
const PANDOC_FROM: Record<string, string> = {
  docx: 'docx',
  odt: 'odt',
  epub: 'epub',
  html: 'html',
  htm: 'html',
  csv: 'csv',
  md: 'markdown',
};
const pandocEngine: Engine = {
  name: 'pandoc',
  kinds: ['office'],
  accepts: (ext) => ext in PANDOC_FROM,
  version: async () => toolVersion('pandoc', ['--version']),
  convert: async ({ path, filename }) => {
    const ext = filename.split('.').pop()!.toLowerCase();
    return (await run('pandoc', ['-f', PANDOC_FROM[ext], '-t', 'gfm', '--wrap=none', path])).stdout;
  },
};

export const officePeers: Engine[] = [mammothEngine, officeparserEngine, pandocEngine];
