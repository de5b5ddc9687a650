import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type LanguageData, trainedDataDir } from '../languages.js';
import { envOcrModel } from '../settings.js';

/**
 * The folder native tesseract reads its trained data from (`--tessdata-dir`): the same data the
 * tesseract.js engine reads, from this package and the `@tesseract.js-data` packages, never
 * Debian's, so both engines read with one network. Those are gzipped and tesseract reads only
 * plain files, so they are unpacked once into a per-user cache folder named by a hash of what
 * is unpacked (a new version of the data gets a new folder), each file written under a
 * temporary name and renamed, so a process reading beside one that unpacks never sees half a file.
 */
export function nativeTessdataDir(languages: readonly LanguageData[]): string {
  const model = envOcrModel();
  const lstm = model !== 'full' && languages.every((l) => l.lstmPath);
  const sources = languages.map((l) => {
    const file = `${l.code}.traineddata${l.gzip ? '.gz' : ''}`;
    return { code: l.code, gzip: l.gzip, bytes: readFileSync(join(trainedDataDir(l, model, lstm), file)) };
  });
  const hash = createHash('sha256');
  for (const s of sources) hash.update(s.code).update('\0').update(s.bytes);
  const dir = join(cacheRoot(), hash.digest('hex').slice(0, 16));
  mkdirSync(dir, { recursive: true });
  for (const s of sources) {
    const target = join(dir, `${s.code}.traineddata`);
    if (existsSync(target)) continue;
    const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temp, s.gzip ? gunzipSync(s.bytes) : s.bytes);
    renameSync(temp, target);
  }
  return dir;
}

/** `$XDG_CACHE_HOME/distill/tessdata`, else `~/.cache/…`, else the temporary folder's. */
function cacheRoot(): string {
  const base = process.env.XDG_CACHE_HOME || (homedir() ? join(homedir(), '.cache') : tmpdir());
  const root = join(base, 'distill', 'tessdata');
  try {
    mkdirSync(root, { recursive: true });
    return root;
  } catch {
    return join(tmpdir(), 'distill-tessdata');
  }
}
