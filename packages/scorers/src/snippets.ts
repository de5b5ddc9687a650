// trafilatura's evaluation metric (upstream tests/eval_common.py, `evaluate_result`): per page,
// each `with` snippet found in the extracted text is a true positive, missed a false negative;
// each `without` snippet found is a false positive, absent a true negative. Matching is plain
// substring search after whitespace normalisation (case kept). Counts are pooled over pages.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Private-use stand-ins for backslash-escaped characters while markup is stripped. */
const ESC_BASE = 0xf0000;

/**
 * Markdown to the text a reader sees, for substring matching: link targets, image syntax,
 * block markers (headings, quotes, list markers, table pipes, code fences) and emphasis dropped,
 * backslash escapes and the common character references undone. Inline markup is removed
 * without leaving a space (`**word**,` reads `word,`), so snippets spanning it still match.
 */
export function markdownToPlain(md: string): string {
  let s = md.replace(/\r\n?/g, '\n');
  // Protect escapes first: `\*` is a literal star, not emphasis.
  s = s
    .replace(/\\\n/g, '\n')
    .replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) => String.fromCodePoint(ESC_BASE + c.charCodeAt(0)));
  s = s
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/^[ \t]*(`{3,}|~{3,}).*$/gm, ' ') // code fences
    .replace(/!\[[^\]]*\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g, ' ') // images
    .replace(/!\[[^\]]*\]\[[^\]]*\]/g, ' ')
    .replace(/\[([^\]]*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g, '$1') // links keep their text
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^[ \t]*\[[^\]]+\]:[ \t]*\S+.*$/gm, ' ') // reference definitions
    .replace(/<((?:https?|mailto):[^>\s]*)>/g, '$1') // autolinks read as their address
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ') // HTML tags
    .replace(/^(?=.*\|)[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/gm, ' ') // table rules
    .replace(/^[ \t]*([-*_])([ \t]*\1){2,}[ \t]*$/gm, ' '); // thematic breaks
  // Block markers at line starts, nested (`> - 1. `).
  const marker = /^[ \t]*(?:#{1,6}(?=[ \t]|$)|>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))[ \t]*/;
  s = s
    .split('\n')
    .map((line) => {
      let l = line;
      for (let m = marker.exec(l); m?.[0].length; m = marker.exec(l)) l = l.slice(m[0].length);
      return l.replace(/[ \t]+#+[ \t]*$/, ''); // closing ATX hashes
    })
    .join('\n');
  s = s
    .replace(/\|/g, ' ') // table cells
    .replace(/\*+|~~|`+/g, '') // emphasis, strikethrough, inline code
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, ''); // underscore emphasis, not snake_case
  s = s.replace(/[\u{f0000}-\u{f007f}]/gu, (c) => String.fromCharCode(c.codePointAt(0)! - ESC_BASE));
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Whitespace runs to one space, edges trimmed (Python's `' '.join(s.split())`). */
export function normalizeSpace(s: string): string {
  return s.split(/\s+/).filter(Boolean).join(' ');
}

export interface SnippetCounts {
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}

export interface SnippetPage extends SnippetCounts {
  /** `with` snippets not found. */
  missed: string[];
  /** `without` snippets found. */
  leaked: string[];
}

/**
 * One page. `extracted` undefined (no output at all) scores every `with` as missed and every
 * `without` as absent, as upstream does for a None result.
 */
export function scoreSnippets(
  extracted: string | undefined,
  withS: string[],
  withoutS: string[],
): SnippetPage {
  const text = extracted === undefined ? '' : normalizeSpace(extracted);
  const missed: string[] = [];
  const leaked: string[] = [];
  let tp = 0;
  let fp = 0;
  for (const w of withS) {
    const n = normalizeSpace(w);
    if (text.includes(n)) tp++;
    else missed.push(w);
  }
  for (const w of withoutS) {
    const n = normalizeSpace(w);
    if (text.includes(n)) {
      fp++;
      leaked.push(w);
    }
  }
  return { tp, fn: withS.length - tp, fp, tn: withoutS.length - fp, missed, leaked };
}

export function addCounts(rows: SnippetCounts[]): SnippetCounts {
  const t: SnippetCounts = { tp: 0, fn: 0, fp: 0, tn: 0 };
  for (const r of rows) {
    t.tp += r.tp;
    t.fn += r.fn;
    t.fp += r.fp;
    t.tn += r.tn;
  }
  return t;
}

/** Pooled precision tp/(tp+fp), recall tp/(tp+fn), F1 2tp/(2tp+fp+fn), accuracy (tp+tn)/all. */
export function snippetPrf(c: SnippetCounts): {
  precision: number;
  recall: number;
  f1: number;
  accuracy: number;
} {
  const div = (a: number, b: number) => (b ? a / b : 0);
  return {
    precision: div(c.tp, c.tp + c.fp),
    recall: div(c.tp, c.tp + c.fn),
    f1: div(2 * c.tp, 2 * c.tp + c.fp + c.fn),
    accuracy: div(c.tp + c.tn, c.tp + c.tn + c.fp + c.fn),
  };
}

/** FNV-1a, 32 bits, of a string's UTF-16 units: a stable hash for splitting pages into folds. */
