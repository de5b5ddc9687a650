import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from './helpers/scan.js';
import { distill, EXAMPLE, requireBuilt } from './helpers/spawn.js';

// The native OCR engine (issue 27: OCR at the speed of native tesseract) through the built
// `distill parse`: the `tesseract` command (Debian's tesseract-ocr, which scripts/install-deps.sh
// installs) reads a scan with the trained data of our npm packages, unpacked into the user's
// cache; it is the default when that command is on PATH, and tesseract.js reads otherwise or
// when asked for; metadata.ocrEngine names the engine that read; and a command that crashes or hangs costs its page or the document's budget, never a hang.

let dir: string;
let scan: string;

/** A folder holding a fake `tesseract` command running `body`, to put first on PATH. */
function fakeTesseract(name: string, body: string): string {
  const bin = join(dir, name);
  mkdirSync(bin);
  writeFileSync(join(bin, 'tesseract'), `#!/bin/sh\n${body}\n`);
  chmodSync(join(bin, 'tesseract'), 0o755);
  return `${bin}:${process.env.PATH}`;
}

/** The process exists and is not a zombie. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-ocr-native-'));
  scan = scannedPdf(join(EXAMPLE, 'field-notes.pdf'), dir, 'field-notes');
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const OCR = ['--pdf-mode', 'ocr', '--timeout', '300000', '--json'];

async function parse(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = await distill(['parse', scan, ...OCR, ...args], { env });
  expect(r.status, r.stderr).toBe(0);
  const data = JSON.parse(r.stdout).data as {
    markdown: string;
    metadata: Record<string, string>;
    warnings?: string[];
  };
  return { ...data, stderr: r.stderr };
}

function expectFieldNotes(markdown: string): void {
  expect(markdown).toMatch(/^#+ Field Notes on Coastal Erosion$/m);
  expect(markdown).toContain('Coastal erosion along the northern shore was measured at twelve');
  expect(markdown).toMatch(/^\| Harbour Wall \| 0\.1 \| 7 \|$/m);
}

describe('the native OCR engine', { timeout: 600_000 }, () => {
  it('reads a scan with the tesseract command and our trained data, and says so in metadata', async () => {
    const cache = join(dir, 'cache');
    const r = await parse(['--ocr-engine', 'native'], { XDG_CACHE_HOME: cache, DISTILL_OCR_STATS: '1' });
    expectFieldNotes(r.markdown);
    expect(r.metadata.ocrEngine).toBe('native');
    // The English data this package ships, unpacked once into the cache (a folder per data hash).
    const folders = readdirSync(join(cache, 'distill', 'tessdata'));
    expect(folders).toHaveLength(1);
    const data = readFileSync(join(cache, 'distill', 'tessdata', folders[0], 'eng.traineddata'));
    expect(data.length).toBeGreaterThan(3_000_000);
    expect(readdirSync(join(cache, 'distill', 'tessdata', folders[0]))).toEqual(['eng.traineddata']);
    expect(r.stderr).toMatch(
      /^ocr stats: 1 tesseract workers \(1 started before the first image\), 1 images read/m,
    );
  });

  it('is the default when the tesseract command is on PATH; tesseract.js without it and when named', async () => {
    // The default is the better reader that can run here (issue 27: keep the best as default).
    const byDefault = await parse([]);
    expectFieldNotes(byDefault.markdown);
    expect(byDefault.metadata.ocrEngine).toBe('native');
    const named = await parse([], { DISTILL_OCR_ENGINE: 'tesseract' });
    expectFieldNotes(named.markdown);
    expect(named.metadata.ocrEngine).toBe('tesseract');
    // No command on PATH: tesseract.js reads, with no error and nothing to install.
    const empty = join(dir, 'no-tesseract-default');
    mkdirSync(empty);
    const without = await parse([], { PATH: empty });
    expectFieldNotes(without.markdown);
    expect(without.metadata.ocrEngine).toBe('tesseract');
  });

  it('hands tesseract each page as an uncompressed TIFF file in a temporary folder it removes', async () => {
    // A file read in one piece instead of a PGM on stdin, read a byte at a time (native/tiff.ts).
    const real = process.env.PATH?.split(':')
      .map((d) => join(d, 'tesseract'))
      .find((f) => existsSync(f));
    expect(real).toBeDefined();
    const log = join(dir, 'image-args.log');
    const PATH = fakeTesseract(
      'record',
      `echo "$1" >> ${log}\nhead -c 4 "$1" 2>/dev/null | od -An -tx1 >> ${log}\nexec ${real} "$@"`,
    );
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const r = await parse(['--ocr-engine', 'native'], { PATH, TMPDIR: tmp });
    expectFieldNotes(r.markdown);
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < lines.length; i += 2) {
      expect(lines[i]).toMatch(new RegExp(`^${tmp}/distill-ocr-native-[^/]+/page$`));
      expect(lines[i + 1].trim()).toBe('49 49 2a 00');
    }
    // Nothing left behind once the command is done.
    expect(readdirSync(tmp).filter((f) => f.startsWith('distill-ocr-native-'))).toEqual([]);
  });

  it('hands tesseract the page on stdin where no temporary file can be written', async () => {
    const real = process.env.PATH?.split(':')
      .map((d) => join(d, 'tesseract'))
      .find((f) => existsSync(f));
    const log = join(dir, 'stdin-args.log');
    const PATH = fakeTesseract('record-stdin', `echo "$1" >> ${log}\nexec ${real} "$@"`);
    const r = await parse(['--ocr-engine', 'native'], { PATH, TMPDIR: join(dir, 'no-such-folder') });
    expectFieldNotes(r.markdown);
    expect(readFileSync(log, 'utf8').trim().split('\n')[0]).toBe('stdin');
  });

  it('is MISSING_DEPENDENCY naming the command when no tesseract is on PATH', async () => {
    const empty = join(dir, 'no-tesseract');
    mkdirSync(empty);
    const r = await distill(['parse', scan, ...OCR, '--ocr-engine', 'native'], { env: { PATH: empty } });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('MISSING_DEPENDENCY');
    expect(r.stderr).toContain('OCR engine "native" needs the tesseract command on PATH');
  });

  it('fails a page whose tesseract process crashes with a catalogue error that says so', async () => {
    const r = await distill(['parse', scan, ...OCR, '--ocr-engine', 'native'], {
      env: { PATH: fakeTesseract('crash', 'kill -SEGV $$') },
    });
    // The document's only page: the whole document cannot be read, and the error says why.
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /FILE_CORRUPT: no page of the PDF could be read \(OCR failed \(.*native tesseract was killed \(SIGSEGV\)\)\)/,
    );
  });

  it('kills a tesseract process that hangs when the document runs out of time', async () => {
    const pidFile = join(dir, 'hang.pid');
    const PATH = fakeTesseract('hang', `echo $$ > ${pidFile}\nexec sleep 600`);
    const r = await distill(
      ['parse', scan, '--pdf-mode', 'ocr', '--ocr-engine', 'native', '--timeout', '20000'],
      {
        env: { PATH },
      },
    );
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/timed out|timeout/i);
    expect(existsSync(pidFile)).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    // Killed with its page, not left running behind the command (a zombie waiting for its
    // reaper counts as gone; the kill itself may take a moment to land).
    for (let i = 0; i < 50 && running(pid); i++) await new Promise((res) => setTimeout(res, 100));
    expect(running(pid)).toBe(false);
  });
});
