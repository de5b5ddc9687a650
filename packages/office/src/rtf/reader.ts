import type { Block, DocMetadata } from '@distill/core';
import { characterWord, specialCharacter } from './characters.js';
import {
  closeDestination,
  destinationWord,
  openDestination,
  placeSink,
  withinDestination,
} from './destinations.js';
import { finishSink, paragraphWord } from './paragraphs.js';
import { type GroupState, RtfState } from './state.js';
import { type RtfToken, tokenize } from './tokenizer.js';

/**
 * An RTF reader: a tokenizer feeding a group state machine with an explicit stack (so a file
 * nested 100,000 groups deep is only a long array), code pages per font, \uN with \ucN
 * fallback skipping, paragraphs, headings from the style sheet or outline levels, lists from
 * \listtext/\pntext, tables from \cell/\row, HYPERLINK fields and footnotes. Pictures,
 * objects and unknown \* destinations are skipped.
 *
 * This file is the token loop: groups open and close, symbols and bytes become text, and each
 * control word goes to the part that owns it: destinations.ts (where a group's content goes),
 * characters.ts (code pages, \uN, formatting, one-character words), paragraphs.ts (paragraphs,
 * tables, lists). The state they share is in state.ts; inline assembly in inlines.ts.
 */

export interface RtfResult {
  blocks: Block[];
  metadata: DocMetadata;
}

export function readRtf(bytes: Uint8Array, checkpoint: () => void = () => {}): RtfResult {
  const r = new RtfState();
  let count = 0;
  for (const tok of tokenize(bytes)) {
    if (++count % 65536 === 0) checkpoint();
    handleToken(r, tok);
  }
  r.flushBytes();
  // Groups left open at the end of the file: their footnotes and text boxes still count.
  while (r.sinks.length > 1) {
    const s = r.sinks[r.sinks.length - 1];
    finishSink(r, s);
    r.sinks.pop();
    placeSink(r, s);
  }
  finishSink(r, r.main);
  const metadata = r.metadata;
  for (const k of Object.keys(metadata)) {
    const v = metadata[k];
    if (typeof v === 'string') metadata[k] = v.trim();
  }
  return { blocks: [...r.main.blocks, ...r.notes], metadata };
}

/** A control word goes to the part that owns it, destinations first. */
function handleWord(r: RtfState, word: string, param: number | undefined): void {
  if (r.st.fresh && openDestination(r, word)) return;
  if (destinationWord(r, word)) return;
  if (withinDestination(r, word, param)) return;
  if (characterWord(r, word, param)) return;
  if (paragraphWord(r, word, param)) return;
  specialCharacter(r, word);
}

function handleToken(r: RtfState, token: RtfToken): void {
  const tok = r.ucSkip > 0 ? skipFallback(r, token) : token;
  if (!tok) return;
  switch (tok.t) {
    case 'open':
      openGroup(r);
      return;
    case 'close':
      closeGroup(r);
      return;
    case 'symbol':
      symbol(r, tok.ch);
      return;
    case 'word':
      handleWord(r, tok.word, tok.param);
      return;
    case 'hex':
      if (r.st.fresh) r.st.fresh = false;
      if (r.st.dest === 'skip') return;
      r.pending.push(tok.byte);
      return;
    case 'bytes':
      textBytes(r, tok.bytes);
      return;
    case 'bin':
      return;
  }
}

/**
 * After \uN, the \ucN characters that stand in for it (for readers without Unicode) are
 * skipped: a hex escape, word or symbol counts as one, plain bytes one each. Returns what is
 * left of the token, if anything.
 */
function skipFallback(r: RtfState, tok: RtfToken): RtfToken | undefined {
  if (tok.t === 'hex' || tok.t === 'word' || tok.t === 'symbol') {
    r.ucSkip--;
    return undefined;
  }
  if (tok.t === 'bytes') {
    const k = Math.min(r.ucSkip, tok.bytes.length);
    r.ucSkip -= k;
    if (k === tok.bytes.length) return undefined;
    return { t: 'bytes', bytes: tok.bytes.subarray(k) };
  }
  r.ucSkip = 0;
  return tok;
}

/** A new group starts as a copy of its parent's state, owning nothing yet. */
function openGroup(r: RtfState): void {
  r.flushBytes();
  const next: GroupState = {
    ...r.st,
    fresh: true,
    star: false,
    ownsField: false,
    ownsSink: undefined,
    ownsStyle: false,
  };
  r.stack.push(next);
  r.st = next;
}

function closeGroup(r: RtfState): void {
  r.flushBytes();
  // An unbalanced `}` never pops the document's own group.
  if (r.stack.length <= 1) return;
  const done = r.stack.pop()!;
  r.st = r.stack[r.stack.length - 1];
  closeDestination(r, done);
}

/** A control symbol: `\*` marks a destination, escapes stand for their characters. */
function symbol(r: RtfState, ch: string): void {
  const st = r.st;
  if (ch === '*') {
    st.star = true;
    return;
  }
  if (st.fresh) st.fresh = st.star === true; // a symbol does not end the wait for \* dest
  if (st.dest === 'skip') return;
  r.flushBytes();
  if (ch === '\\' || ch === '{' || ch === '}') r.emit(ch);
  else if (ch === '~') r.emit('\u00a0');
  else if (ch === '_') r.emit('-');
}

/** Plain text bytes, decoded later with the code page of the font they were written in. */
function textBytes(r: RtfState, bytes: Uint8Array): void {
  const st = r.st;
  if (st.dest === 'skip') return;
  if (st.fresh) {
    st.fresh = false;
    if (st.star) {
      st.dest = 'skip';
      return;
    }
  }
  if (st.dest === 'fonttbl') return;
  for (const byte of bytes) r.pending.push(byte);
  if (r.pending.length > 65536) r.flushBytes();
}
