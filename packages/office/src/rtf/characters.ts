import type { RtfState } from './state.js';

/**
 * Character words in body text: which code page the bytes are in (\ansicpg, \deff, \f),
 * Unicode escapes (\uN, with \ucN fallback characters skipped by the token loop), the look of
 * the text (\b, \i, \strike, \super, \sub, \plain) and the words that stand for one character
 * (\tab, \emdash, \lquote …). A formatting change first decodes the bytes read under the old one.
 */

/** `\b` and `\b1` turn a property on, `\b0` off. */
const isOn = (param: number | undefined) => param === undefined || param !== 0;

type CharacterWord = (r: RtfState, param: number | undefined) => void;

const CHARACTER_WORDS = new Map<string, CharacterWord>([
  [
    'ansicpg',
    (r, param) => {
      if (param !== undefined) r.ansiCp = param;
    },
  ],
  [
    'deff',
    (r, param) => {
      if (param !== undefined) r.defaultFont = param;
    },
  ],
  [
    'uc',
    (r, param) => {
      r.st.uc = Math.max(0, Math.min(10, param ?? 1));
    },
  ],
  ['u', unicodeChar],
  [
    'f',
    (r, param) => {
      r.flushBytes();
      if (param !== undefined) r.st.font = param;
    },
  ],
  [
    'plain',
    (r) => {
      r.flushBytes();
      r.st.b = r.st.i = r.st.s = r.st.sup = r.st.sub = false;
    },
  ],
  [
    'b',
    (r, param) => {
      r.flushBytes();
      r.st.b = isOn(param);
    },
  ],
  [
    'i',
    (r, param) => {
      r.flushBytes();
      r.st.i = isOn(param);
    },
  ],
  ['strike', strike],
  ['striked', strike],
  [
    'super',
    (r, param) => {
      r.flushBytes();
      r.st.sup = isOn(param);
      r.st.sub = false;
    },
  ],
  [
    'sub',
    (r, param) => {
      r.flushBytes();
      r.st.sub = isOn(param);
      r.st.sup = false;
    },
  ],
  [
    'nosupersub',
    (r) => {
      r.flushBytes();
      r.st.sup = r.st.sub = false;
    },
  ],
]);

/** Handles a character word; returns false for any other word. */
export function characterWord(r: RtfState, word: string, param: number | undefined): boolean {
  const handler = CHARACTER_WORDS.get(word);
  if (!handler) return false;
  handler(r, param);
  return true;
}

/** \uN: a UTF-16 unit (negative N counts from 65536), then \ucN fallback characters to skip. */
function unicodeChar(r: RtfState, param: number | undefined): void {
  r.flushBytes();
  if (param === undefined) return;
  const code = param < 0 ? param + 65536 : param;
  r.emit(String.fromCharCode(code));
  r.ucSkip = r.st.uc;
}

function strike(r: RtfState, param: number | undefined): void {
  r.flushBytes();
  r.st.s = isOn(param);
}

/** A Map, not an object: `\\constructor` or `\\toString` must not find Object's members. */
const SPECIAL = new Map<string, string>([
  ['tab', '\t'],
  ['emdash', '\u2014'],
  ['endash', '\u2013'],
  ['bullet', '\u2022'],
  ['lquote', '\u2018'],
  ['rquote', '\u2019'],
  ['ldblquote', '\u201c'],
  ['rdblquote', '\u201d'],
  ['emspace', '\u2003'],
  ['enspace', '\u2002'],
  ['qmspace', '\u2005'],
  ['zwj', '\u200d'],
  ['zwnj', '\u200c'],
]);

/** A word that stands for one character; any other word is ignored. */
export function specialCharacter(r: RtfState, word: string): void {
  const sp = SPECIAL.get(word);
  if (sp) {
    r.flushBytes();
    // A list marker's tab separates it from the text: a space says as much.
    r.emit(r.st.dest === 'listtext' && word === 'tab' ? ' ' : sp);
  }
}
