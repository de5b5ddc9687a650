import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ConvertInput } from './engines/types.js';

export interface InputFile {
  id: string;
  path: string;
  /** Name with its real extension (.gz stripped). */
  filename: string;
  ext: string;
  /** Convert the whole document, not only a web page's main content (document-fidelity suites). */
  wholePage?: boolean;
}

export function inputFile(path: string, id?: string): InputFile {
  const filename = basename(path).replace(/\.gz$/i, '');
  const ext = filename.includes('.') ? filename.split('.').pop()!.toLowerCase() : '';
  return { id: id ?? filename.replace(/\.[^.]+$/, ''), path, filename, ext };
}

export function loadInput(f: InputFile): ConvertInput {
  let bytes: Uint8Array = readFileSync(f.path);
  if (/\.gz$/i.test(f.path)) bytes = gunzipSync(bytes);
  return { path: f.path, bytes, filename: f.filename, wholePage: f.wholePage };
}

const sorted = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);

/** dpbench layout: pdfs/<id>.pdf, ground-truth/<id>.md, peers/<engine>/<id>.md. */
export function dpbenchInputs(corpus: string): InputFile[] {
  return sorted(join(corpus, 'pdfs'))
    .filter((n) => n.toLowerCase().endsWith('.pdf'))
    .map((n) => inputFile(join(corpus, 'pdfs', n)));
}

/**
 * One long PDF for the page-by-page and inspector benchmarks: the dpbench-dev pages joined by
 * qpdf in order, repeated until there are `pages`, written to `out`.
 */
export function longDpbenchPdf(corpus: string, pages: number, out: string): string {
  const sources = dpbenchInputs(corpus).map((f) => f.path);
  if (!sources.length) throw new Error(`no PDFs under ${join(corpus, 'pdfs')}`);
  const list = Array.from({ length: pages }, (_, i) => sources[i % sources.length]);
  execFileSync('qpdf', ['--empty', '--pages', ...list, '--', out]);
  return out;
}

/** wcxb layout: html/<id>.html(.gz), ground-truth/<id>.json. */
export function wcxbInputs(corpus: string): InputFile[] {
  return sorted(join(corpus, 'html'))
    .filter((n) => /\.html?(\.gz)?$/i.test(n))
    .map((n) => inputFile(join(corpus, 'html', n), n.replace(/\.html?(\.gz)?$/i, '')));
}

export interface OfficeCase {
  file: InputFile;
  group: 'markitdown' | 'docling' | 'sheetjs';
  format: string;
}

/**
 * office layout: markitdown/ + vectors.json, docling/<fmt>/sources|groundtruth, sheetjs/ + 2016/.
 * Every case is a document whose whole text the ground truth holds (peers convert it all), so
 * HTML among them is read whole: `onlyMainContent: false` for distill.
 */
export function officeCases(corpus: string): OfficeCase[] {
  return officeCaseList(corpus).map((c) => ({ ...c, file: { ...c.file, wholePage: true } }));
}

function officeCaseList(corpus: string): OfficeCase[] {
  const out: OfficeCase[] = [];
  const vpath = join(corpus, 'markitdown', 'vectors.json');
  if (existsSync(vpath)) {
    const vectors = JSON.parse(readFileSync(vpath, 'utf8')) as { file: string }[];
    for (const v of vectors) {
      const f = inputFile(join(corpus, 'markitdown', v.file), `markitdown/${v.file}`);
      out.push({ file: f, group: 'markitdown', format: f.ext });
    }
  }
  for (const fmt of sorted(join(corpus, 'docling'))) {
    for (const n of sorted(join(corpus, 'docling', fmt, 'sources'))) {
      const p = join(corpus, 'docling', fmt, 'sources', n);
      if (!statSync(p).isFile()) continue;
      out.push({ file: inputFile(p, `docling/${fmt}/${n}`), group: 'docling', format: fmt });
    }
  }
  for (const n of sorted(join(corpus, 'sheetjs'))) {
    const p = join(corpus, 'sheetjs', n);
    if (!statSync(p).isFile()) continue;
    const f = inputFile(p, `sheetjs/${n}`);
    out.push({ file: f, group: 'sheetjs', format: f.ext });
  }
  return out;
}

/** All office inputs of the speed suite (each engine runs the formats it reads). */
export function officeSpeedInputs(corpus: string): InputFile[] {
  return officeCases(corpus).map((c) => c.file);
}
