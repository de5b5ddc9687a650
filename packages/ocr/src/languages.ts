import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DistillError } from '@distill/core';

const require = createRequire(import.meta.url);

/** Tesseract codes for the ISO 639-1 languages documents declare most often. */
const ISO_TO_TESSERACT: Record<string, string> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  es: 'spa',
  it: 'ita',
  pt: 'por',
  nl: 'nld',
  ru: 'rus',
  pl: 'pol',
  cs: 'ces',
  sv: 'swe',
  da: 'dan',
  fi: 'fin',
  no: 'nor',
  el: 'ell',
  tr: 'tur',
  ja: 'jpn',
  zh: 'chi_sim',
  ko: 'kor',
  ar: 'ara',
  he: 'heb',
  hi: 'hin',
  uk: 'ukr',
  hu: 'hun',
  ro: 'ron',
};

/** Maps `en`, `en-US`, `eng` to the tesseract code. */
export function tesseractCode(lang: string): string {
  const l = lang.trim().toLowerCase();
  const iso = l.split(/[-_]/)[0];
  return ISO_TO_TESSERACT[iso] ?? l;
}

export interface LanguageData {
  code: string;
  langPath: string;
  gzip: boolean;
  /**
   * The package's LSTM-only data (`4.0.0_best_int`), when it has it: the same kind of network
   * the full data carries for the LSTM engine, without the legacy engine's tables.
   */
  lstmPath?: string;
  /** Tesseract's fast network for this language, shipped in this package (English only). */
  fastPath?: string;
}

/** Languages whose tessdata_fast network this package ships, in `data/<code>-fast/`. */
const SHIPPED_FAST = new Set(['eng']);

/**
 * The folder of a shipped fast network (`data/` sits beside `src/` and `dist/`). Not checked
 * for existence: a package built without it fails to start its workers (MISSING_DEPENDENCY)
 * instead of reading silently with other data.
 */
function fastDir(code: string): string | undefined {
  if (!SHIPPED_FAST.has(code)) return undefined;
  return fileURLToPath(new URL(`../data/${code}-fast/`, import.meta.url));
}

/**
 * Finds a language's trained data in its npm package (`@tesseract.js-data/<code>`); nothing is
 * ever downloaded. A missing package is a clear error naming what to install.
 */
export function languageData(lang: string): LanguageData {
  const code = tesseractCode(lang);
  const pkg = `@tesseract.js-data/${code}`;
  let info: { langPath?: string; gzip?: boolean };
  try {
    info = require(pkg) as { langPath?: string; gzip?: boolean };
  } catch {
    throw new DistillError(
      'MISSING_DEPENDENCY',
      `OCR language "${lang}" is not installed: add the npm package ${pkg} (for example \`pnpm add ${pkg}\`)`,
    );
  }
  const langPath = info.langPath ?? join(dirname(require.resolve(`${pkg}/package.json`)), '4.0.0');
  const gzip = info.gzip ?? true;
  const lstm = join(dirname(langPath), '4.0.0_best_int');
  const lstmPath = existsSync(join(lstm, `${code}.traineddata${gzip ? '.gz' : ''}`)) ? lstm : undefined;
  const fastPath = gzip ? fastDir(code) : undefined;
  return { code, langPath, gzip, ...(lstmPath ? { lstmPath } : {}), ...(fastPath ? { fastPath } : {}) };
}

/**
 * The folder a language's data is read from for a DISTILL_OCR_MODEL setting (see settings.ts):
 * the fast network where this package ships it, else the LSTM-only data when `lstm` holds for
 * every language of the reading (tesseract takes one kind of data for all), else the full data.
 */
export function trainedDataDir(
  l: LanguageData,
  model: 'fast' | 'lstm' | 'full',
  lstm = !!l.lstmPath,
): string {
  if (model === 'fast' && l.fastPath) return l.fastPath;
  return model !== 'full' && lstm && l.lstmPath ? l.lstmPath : l.langPath;
}

/** Which of the given languages have their data installed. */
export function installedLanguages(candidates: readonly string[]): string[] {
  return candidates.filter((l) => {
    try {
      languageData(l);
      return true;
    } catch {
      return false;
    }
  });
}
