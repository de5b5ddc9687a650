/**
 * Checks that no PDF of a folder comes out with control characters in its Markdown, nor with
 * more U+FFFD (a glyph read through no encoding at all) than pdftotext gives for the same file
 * (a font with no mapping anywhere is unreadable to both). Exits 1 when any file fails:
 *   pnpm bench dev pdf-control-chars [dir]   (default: the dpbench-dev PDFs)
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'distill';
import { CORPORA } from '../paths.js';

const dir = process.argv[2] ?? join(CORPORA, 'pdf/dpbench-dev/pdfs');
// Tab, line feed and carriage return are layout; every other C0/C1 control is not text.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/gu;
const BAD = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/gu;
const count = (s: string, re: RegExp) => [...s.matchAll(re)].length;

const files = readdirSync(dir)
  .filter((f) => f.toLowerCase().endsWith('.pdf'))
  .sort();
let bad = 0;
for (const f of files) {
  const bytes = new Uint8Array(readFileSync(join(dir, f)));
  const r = await parse({ data: bytes, filename: f }, { formats: ['markdown'], timeout: 300_000 });
  const md = r.markdown ?? '';
  const hits = [...md.matchAll(BAD)];
  if (hits.length === 0) continue;
  let theirs = -1;
  try {
    theirs = count(execFileSync('pdftotext', [join(dir, f), '-'], { encoding: 'utf8' }), /\ufffd/gu);
  } catch {
    // Without pdftotext every U+FFFD counts against us.
  }
  const controls = count(md, CONTROL);
  const replacements = hits.length - controls;
  const fails = controls > 0 || replacements > Math.max(0, theirs);
  if (fails) bad++;
  const codes = [...new Set(hits.map((m) => `U+${m[0].codePointAt(0)!.toString(16).padStart(4, '0')}`))];
  const at = hits[0].index ?? 0;
  console.log(
    `${fails ? 'FAIL' : 'ok  '} ${f}: ${controls} control, ${replacements} U+FFFD (pdftotext ${theirs < 0 ? '?' : theirs}) [${codes.join(' ')}] near ${JSON.stringify(md.slice(Math.max(0, at - 40), at + 40))}`,
  );
}
console.log(
  `${files.length} files, ${bad} failing (control characters, or U+FFFD where pdftotext reads the text)`,
);
process.exitCode = bad > 0 ? 1 : 0;
