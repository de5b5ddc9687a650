import { CfbFile, isCfb } from '../archive/cfb.js';
import { isZip, ZipArchive } from '../archive/zip.js';
import { DistillError } from '../errors/distill-error.js';
import { decodeText, looksLikeText } from '../text/decode.js';
import {
  type FormatId,
  formatFromContentType,
  formatFromExtension,
  SUPPORTED_EXTENSIONS,
} from './formats.js';

export interface DetectInput {
  bytes: Uint8Array;
  filename?: string;
  contentType?: string;
}

export interface Detection {
  format: FormatId;
  /** What decided: the bytes, or (for text formats the bytes cannot tell apart) the name or type. */
  via: 'bytes' | 'extension' | 'contentType' | 'sniff';
  warnings: string[];
}

const unsupported = (what: string) =>
  new DistillError(
    'UNSUPPORTED_FILE_TYPE',
    `Unsupported file type: ${what}. Supported extensions: ${SUPPORTED_EXTENSIONS.join(', ')}`,
  );

function isPdf(b: Uint8Array): boolean {
  // The header may follow some junk bytes; readers accept it within the first 1024.
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

const isRtf = (b: Uint8Array) =>
  Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, 16))
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart()
    .startsWith('{\\rtf');

function zipFormat(bytes: Uint8Array): FormatId | 'zip' | 'encrypted-ooxml' {
  const zip = new ZipArchive(bytes);
  const mimetype = zip.has('mimetype') ? new TextDecoder().decode(zip.read('mimetype', 200)).trim() : '';
  const odf: Record<string, FormatId> = {
    'application/vnd.oasis.opendocument.text': 'odt',
    'application/vnd.oasis.opendocument.text-template': 'odt',
    'application/vnd.oasis.opendocument.spreadsheet': 'ods',
    'application/vnd.oasis.opendocument.spreadsheet-template': 'ods',
    'application/vnd.oasis.opendocument.presentation': 'odp',
    'application/vnd.oasis.opendocument.presentation-template': 'odp',
    'application/epub+zip': 'epub',
  };
  if (odf[mimetype]) return odf[mimetype];
  if (zip.has('[Content_Types].xml')) {
    const main = ooxmlMainPart(zip);
    const types = zip.readText('[Content_Types].xml', 256 * 1024).toLowerCase();
    const root = main.split('/')[0];
    const macro =
      new RegExp(`partname="/${main.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*macroenabled`).test(types) ||
      zip
        .names()
        .some((n) => n.toLowerCase().startsWith(`${root}/`) && n.toLowerCase().endsWith('vbaproject.bin'));
    if (main.endsWith('.bin') && root === 'xl') return 'xlsb';
    if (root === 'word') return macro ? 'docm' : 'docx';
    if (root === 'xl') return macro ? 'xlsm' : 'xlsx';
    if (root === 'ppt') return macro ? 'pptm' : 'pptx';
  }
  if (zip.has('META-INF/container.xml') && zip.names().some((n) => n.endsWith('.opf'))) return 'epub';
  if (zip.has('content.xml') && zip.has('META-INF/manifest.xml')) {
    const manifest = zip.readText('META-INF/manifest.xml', 64 * 1024);
    if (manifest.includes('opendocument.spreadsheet')) return 'ods';
    if (manifest.includes('opendocument.presentation')) return 'odp';
    return 'odt';
  }
  return 'zip';
}

function cfbFormat(bytes: Uint8Array): FormatId | 'encrypted-ooxml' | 'ole' {
  const cfb = new CfbFile(bytes);
  const names = new Set(cfb.streamNames().map((n) => n.toLowerCase()));
  if (names.has('encryptedpackage') || names.has('encryptioninfo')) return 'encrypted-ooxml';
  if (names.has('worddocument')) return 'doc';
  if (names.has('workbook') || names.has('book')) return 'xls';
  if (names.has('powerpoint document')) return 'ppt';
  return 'ole';
}

/**
 * The package's main part: the officeDocument relationship of `_rels/.rels`, else the first of
 * the known main parts present. Embedded workbooks in a presentation must not decide the type.
 */
function ooxmlMainPart(zip: ZipArchive): string {
  if (zip.has('_rels/.rels')) {
    const rels = zip.readText('_rels/.rels', 64 * 1024);
    const m = /<Relationship\b[^>]*Type="[^"]*\/officeDocument"[^>]*>/i.exec(rels);
    const target = m ? /Target="([^"]+)"/i.exec(m[0]) : null;
    if (target) return target[1].replace(/^\//, '').toLowerCase();
  }
  const names = zip.names().map((n) => n.toLowerCase());
  for (const main of ['word/document.xml', 'ppt/presentation.xml', 'xl/workbook.xml', 'xl/workbook.bin']) {
    if (names.includes(main)) return main;
  }
  const dir = ['word/', 'ppt/', 'xl/'].find((d) => names.some((n) => n.startsWith(d)));
  return dir ? `${dir}unknown` : '';
}

const HTML_START =
  /^(?:\s|<!--[\s\S]*?-->)*(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]|<meta[\s>]|<title[\s>]|<\?xml[\s\S]{0,300}?<(?:!doctype\s+)?html)/i;
const HTML_ANYWHERE =
  /<(html|head|body|div|p|table|article|section|span|h[1-6]|ul|script|style|a\s+href)[\s>]/i;

function textFormat(bytes: Uint8Array, hinted: FormatId | undefined): FormatId | undefined {
  if (!looksLikeText(bytes)) return undefined;
  const head = decodeText(bytes.subarray(0, 4096)).text.replace(/^\uFEFF/, '');
  if (HTML_START.test(head)) {
    const xhtml =
      /^\s*<\?xml/i.test(head) || /xmlns\s*=\s*["']http:\/\/www\.w3\.org\/1999\/xhtml/i.test(head);
    if (hinted === 'xhtml' || hinted === 'html') return hinted;
    return xhtml ? 'xhtml' : 'html';
  }
  if (hinted === 'csv' || hinted === 'html' || hinted === 'xhtml') return hinted;
  if (HTML_ANYWHERE.test(head)) return 'html';
  if (looksLikeDelimited(head)) return 'csv';
  return undefined;
}

/** At least two lines with the same, non-zero count of one delimiter. */
function looksLikeDelimited(head: string): boolean {
  const lines = head
    .split(/\r?\n/)
    .filter((l) => l.length > 0)
    .slice(0, 20);
  if (lines.length < 2) return false;
  for (const d of [',', ';', '\t', '|']) {
    const counts = lines.map((l) => l.split(d).length - 1);
    if (counts[0] > 0 && counts.filter((c) => c === counts[0]).length >= Math.ceil(lines.length * 0.8))
      return true;
  }
  return false;
}

/**
 * Decides the format from the bytes first, then the name and content type. A mismatch between
 * what the bytes say and what the name says is a warning; bytes that match no supported format
 * give UNSUPPORTED_FILE_TYPE.
 */
export function detectFormat(input: DetectInput): Detection {
  const { bytes, filename, contentType } = input;
  const byName = formatFromExtension(filename);
  const byType = formatFromContentType(contentType);
  const hinted = byName ?? byType;
  const warnings: string[] = [];
  const claimed = filename ? `named ${filename}` : contentType ? `sent as ${contentType}` : 'unnamed';
  const settle = (format: FormatId, via: Detection['via']): Detection => {
    if (hinted && hinted !== format && via === 'bytes') {
      warnings.push(
        `The file is ${claimed} but its content is ${format.toUpperCase()}; it was parsed as ${format}.`,
      );
    }
    return { format, via, warnings };
  };

  if (bytes.length === 0) throw new DistillError('FILE_CORRUPT', 'Unprocessable Entity: the file is empty');
  if (isPdf(bytes)) return settle('pdf', 'bytes');
  if (isZip(bytes)) {
    const f = zipFormat(bytes);
    if (f === 'zip') throw unsupported(`a ZIP archive (${claimed}) that is no office document or EPUB`);
    if (f === 'encrypted-ooxml') throw new DistillError('FILE_ENCRYPTED');
    // docx and docm (likewise xlsx/xlsm, pptx/pptm) are one format apart from macros; trust a name that says which.
    if (hinted && sameFamily(hinted, f)) return { format: hinted, via: 'bytes', warnings };
    return settle(f, 'bytes');
  }
  if (isCfb(bytes)) {
    const f = cfbFormat(bytes);
    if (f === 'encrypted-ooxml') {
      throw new DistillError(
        'FILE_ENCRYPTED',
        'Unprocessable Entity: the document is encrypted with a password',
      );
    }
    if (f === 'ole')
      throw unsupported(`an OLE compound file (${claimed}) with no Word, Excel or PowerPoint stream`);
    return settle(f, 'bytes');
  }
  if (isRtf(bytes)) return settle('rtf', 'bytes');
  const t = textFormat(bytes, hinted);
  if (t) return { format: t, via: hinted === t ? (byName ? 'extension' : 'contentType') : 'sniff', warnings };
  if (hinted)
    throw unsupported(
      `the content of a file ${claimed} is not ${hinted.toUpperCase()} nor any other supported format`,
    );
  throw unsupported(`the content (${claimed}) matches no supported format`);
}

const FAMILIES: FormatId[][] = [
  ['docx', 'docm'],
  ['xlsx', 'xlsm'],
  ['pptx', 'pptm'],
];
const sameFamily = (a: FormatId, b: FormatId) =>
  a === b || FAMILIES.some((f) => f.includes(a) && f.includes(b));
