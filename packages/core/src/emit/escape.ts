/**
 * Markdown escaping that keeps ordinary text readable: a character is escaped only where
 * CommonMark/GFM would read it as syntax, so `snake_case`, `a * b` and `[1]` stay as written.
 */
import { asciiTwin } from '../text/ascii-twin.js';

export interface EscapeContext {
  /** The text starts a line (paragraph start, after a line break, list item start). */
  lineStart: boolean;
  /** Inside a GFM table cell: `|` must be escaped. */
  table: boolean;
}

const ALNUM = asciiTwin(String.raw`[\p{L}\p{N}]`, 'u');

/** The characters `escapeInline` may have to escape; text without them is returned as is. */
const SPECIAL = /[\\`*_~[\]<&|]/g;
const PUNCT = /[!-/:-@[-`{-~]/;
const SPACE = /\s/;
const TAG_START = /[A-Za-z/!?]/;
const ENTITY = /^&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i;

function escapeChar(s: string, i: number, table: boolean, tildes: () => boolean): string {
  const c = s[i];
  const prev = i > 0 ? s[i - 1] : ' ';
  const next = i + 1 < s.length ? s[i + 1] : ' ';
  switch (c) {
    case '\\':
      return PUNCT.test(next) ? '\\\\' : '\\';
    case '`':
      return '\\`';
    case '*':
      return SPACE.test(prev) && SPACE.test(next) ? '*' : '\\*';
    case '_':
      return ALNUM.test(prev) && ALNUM.test(next) ? '_' : '\\_';
    case '~':
      return tildes() ? '\\~' : '~';
    case '[':
      return next === '^' ? '\\[' : '[';
    case ']':
      return next === '(' || next === '[' || next === ':' ? '\\]' : ']';
    case '<':
      return TAG_START.test(next) ? '\\<' : '<';
    case '&':
      return ENTITY.test(s.slice(i, i + 40)) ? '&amp;' : '&';
    case '|':
      return table ? '\\|' : '|';
    default:
      return c;
  }
}

function escapeInline(s: string, table: boolean): string {
  // Most text holds none of the special characters: copy the runs between them in one piece.
  SPECIAL.lastIndex = 0;
  let m = SPECIAL.exec(s);
  if (!m) return s;
  let tildeCount: boolean | undefined;
  const tildes = () => {
    tildeCount ??= (s.match(/~/g) ?? []).length >= 2;
    return tildeCount;
  };
  let out = '';
  let from = 0;
  while (m) {
    const i = m.index;
    out += s.slice(from, i) + escapeChar(s, i, table, tildes);
    from = i + 1;
    m = SPECIAL.exec(s);
  }
  return out + s.slice(from);
}

/** Escapes what would start a block construct at the beginning of a line. */
function escapeLineStart(line: string): string {
  const m = /^(\s*)(.*)$/s.exec(line)!;
  const lead = m[1].length >= 4 ? '' : m[1];
  const body = m[2];
  if (/^#{1,6}(\s|$)/.test(body)) return `${lead}\\${body}`;
  if (/^>/.test(body)) return `${lead}\\${body}`;
  // An asterisk before a space is left alone inline (2 * 3) but opens a list at a line's start.
  if (/^[-+*](\s|$)/.test(body)) return `${lead}\\${body}`;
  if (/^(=+|-{2,})\s*$/.test(body)) return `${lead}\\${body}`;
  if (/^~~~/.test(body)) return `${lead}\\${body}`;
  const ol = /^(\d{1,9})([.)])(\s|$)/.exec(body);
  if (ol) return `${lead}${ol[1]}\\${body.slice(ol[1].length)}`;
  return lead + body;
}

export function escapeMarkdownText(s: string, ctx: EscapeContext): string {
  const escaped = escapeInline(s, ctx.table);
  if (ctx.table) return escaped.replace(/\r?\n/g, ' ');
  if (!ctx.lineStart && !escaped.includes('\n')) return escaped;
  const lines = escaped.split('\n');
  return lines.map((line, i) => (i > 0 || ctx.lineStart ? escapeLineStart(line) : line)).join('\n');
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );
}
