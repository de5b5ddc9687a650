/**
 * Markdown escaping that keeps ordinary text readable: a character is escaped only where
 * CommonMark/GFM would read it as syntax, so `snake_case`, `a * b` and `[1]` stay as written.
 */
export interface EscapeContext {
  /** The text starts a line (paragraph start, after a line break, list item start). */
  lineStart: boolean;
  /** Inside a GFM table cell: `|` must be escaped. */
  table: boolean;
}

const ALNUM = /[\p{L}\p{N}]/u;

function escapeInline(s: string, table: boolean): string {
  let out = '';
  const tildes = (s.match(/~/g) ?? []).length >= 2;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    const prev = i > 0 ? s[i - 1] : ' ';
    const next = i + 1 < s.length ? s[i + 1] : ' ';
    switch (c) {
      case '\\':
        out += /[!-/:-@[-`{-~]/.test(next) ? '\\\\' : '\\';
        break;
      case '`':
        out += '\\`';
        break;
      case '*':
        out += /\s/.test(prev) && /\s/.test(next) ? '*' : '\\*';
        break;
      case '_':
        out += ALNUM.test(prev) && ALNUM.test(next) ? '_' : '\\_';
        break;
      case '~':
        out += tildes ? '\\~' : '~';
        break;
      case '[':
        out += next === '^' ? '\\[' : '[';
        break;
      case ']':
        out += next === '(' || next === '[' || next === ':' ? '\\]' : ']';
        break;
      case '<':
        out += /[A-Za-z/!?]/.test(next) ? '\\<' : '<';
        break;
      case '&': {
        const m = /^&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i.exec(s.slice(i));
        out += m ? '&amp;' : '&';
        break;
      }
      case '|':
        out += table ? '\\|' : '|';
        break;
      default:
        out += c;
    }
  }
  return out;
}

/** Escapes what would start a block construct at the beginning of a line. */
function escapeLineStart(line: string): string {
  const m = /^(\s*)(.*)$/s.exec(line)!;
  const lead = m[1].length >= 4 ? '' : m[1];
  const body = m[2];
  if (/^#{1,6}(\s|$)/.test(body)) return `${lead}\\${body}`;
  if (/^>/.test(body)) return `${lead}\\${body}`;
  if (/^[-+](\s|$)/.test(body)) return `${lead}\\${body}`;
  if (/^(=+|-{2,})\s*$/.test(body)) return `${lead}\\${body}`;
  if (/^~~~/.test(body)) return `${lead}\\${body}`;
  const ol = /^(\d{1,9})([.)])(\s|$)/.exec(body);
  if (ol) return `${lead}${ol[1]}\\${body.slice(ol[1].length)}`;
  return lead + body;
}

export function escapeMarkdownText(s: string, ctx: EscapeContext): string {
  const escaped = escapeInline(s, ctx.table);
  if (ctx.table) return escaped.replace(/\r?\n/g, ' ');
  const lines = escaped.split('\n');
  return lines.map((line, i) => (i > 0 || ctx.lineStart ? escapeLineStart(line) : line)).join('\n');
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );
}
