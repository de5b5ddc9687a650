import {
  type Block,
  type DocMetadata,
  type HeadingLevel,
  type Inline,
  type TableCell,
  text,
} from '@distill/core';
import { type ByteDecoder, charsetCodepage, codepageDecoder } from './codepage.js';
import { type RtfToken, tokenize } from './tokenizer.js';

/**
 * An RTF reader: a tokenizer feeding a group state machine with an explicit stack (so a file
 * nested 100,000 groups deep is only a long array), code pages per font, \uN with \ucN
 * fallback skipping, paragraphs, headings from the style sheet or outline levels, lists from
 * \listtext/\pntext, tables from \cell/\row, HYPERLINK fields and footnotes. Pictures,
 * objects and unknown \* destinations are skipped.
 */

/** 'shape': inside a drawing shape's instructions, where only its text box (\shptxt) is read. */
type Dest =
  | 'body'
  | 'skip'
  | 'fonttbl'
  | 'stylesheet'
  | 'style'
  | 'info'
  | 'meta'
  | 'fldinst'
  | 'listtext'
  | 'shape';

interface Field {
  inst: string;
}

interface Sink {
  blocks: Block[];
  runs: Run[];
  cellRuns: Run[];
  row: TableCell[];
  rows: TableCell[][];
  headerRows: number;
  list: ListEntry[];
  /** A footnote's number, or 'shape' for a text box whose blocks join the enclosing flow. */
  id?: string;
}

interface GroupState {
  dest: Dest;
  b: boolean;
  i: boolean;
  s: boolean;
  sup: boolean;
  sub: boolean;
  uc: number;
  font: number;
  href?: string;
  field?: Field;
  ownsField?: boolean;
  ownsSink?: Sink;
  ownsStyle?: boolean;
  metaKey?: string;
  /** A group opened by `\*`: its destination is skipped unless it is one we read. */
  star?: boolean;
  fresh: boolean;
}

interface Run {
  text: string;
  b: boolean;
  i: boolean;
  s: boolean;
  sup: boolean;
  sub: boolean;
  href?: string;
  br?: boolean;
  note?: string;
}

interface ListEntry {
  level: number;
  ordered: boolean;
  content: Inline[];
}

const SKIP_DESTS = new Set([
  'colortbl',
  'pict',
  'object',
  'header',
  'headerl',
  'headerr',
  'headerf',
  'footer',
  'footerl',
  'footerr',
  'footerf',
  'listtable',
  'listoverridetable',
  'xmlnstbl',
  'rsidtbl',
  'revtbl',
  'filetbl',
  'pgdsctbl',
  'themedata',
  'colorschememapping',
  'latentstyles',
  'datastore',
  'generator',
  'nonshppict',
  'shprslt',
  'pn',
  'ftnsep',
  'ftnsepc',
  'aftnsep',
  'aftnsepc',
  'annotation',
  'txe',
  'xe',
  'tc',
  'template',
  'userprops',
  'docvar',
  'bkmkstart',
  'bkmkend',
  'fldtype',
  'mmathPr',
  'protusertbl',
  'listpicture',
]);

const SPECIAL: Record<string, string> = {
  tab: '\t',
  emdash: '\u2014',
  endash: '\u2013',
  bullet: '\u2022',
  lquote: '\u2018',
  rquote: '\u2019',
  ldblquote: '\u201c',
  rdblquote: '\u201d',
  emspace: '\u2003',
  enspace: '\u2002',
  qmspace: '\u2005',
  zwj: '\u200d',
  zwnj: '\u200c',
};

const newSink = (): Sink => ({
  blocks: [],
  runs: [],
  cellRuns: [],
  row: [],
  rows: [],
  headerRows: 0,
  list: [],
});

/** Inline nodes from runs: same-format neighbours merged, links grouped. */
function runsToInlines(runs: Run[]): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  const fmt = (r: Run, inner: Inline[]): Inline[] => {
    let o = inner;
    if (r.sup) o = [{ kind: 'superscript', children: o }];
    else if (r.sub) o = [{ kind: 'subscript', children: o }];
    if (r.s) o = [{ kind: 'strike', children: o }];
    if (r.i) o = [{ kind: 'emphasis', children: o }];
    if (r.b) o = [{ kind: 'strong', children: o }];
    return o;
  };
  const same = (a: Run, b: Run) =>
    a.b === b.b && a.i === b.i && a.s === b.s && a.sup === b.sup && a.sub === b.sub;
  const plain = (rs: Run[]): Inline[] => {
    const o: Inline[] = [];
    for (let k = 0; k < rs.length; ) {
      const r = rs[k];
      if (r.br) {
        o.push({ kind: 'lineBreak' });
        k++;
        continue;
      }
      if (r.note) {
        o.push({ kind: 'footnoteRef', id: r.note });
        k++;
        continue;
      }
      let t = r.text;
      let j = k + 1;
      while (j < rs.length && !rs[j].br && !rs[j].note && same(r, rs[j])) t += rs[j++].text;
      // Keep white space outside the emphasis, as Markdown needs.
      const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(t)!;
      if (m[1]) o.push(text(m[1]));
      if (m[2]) o.push(...fmt(r, [text(m[2])]));
      if (m[3]) o.push(text(m[3]));
      k = j;
    }
    return o;
  };
  while (i < runs.length) {
    const href = runs[i].href;
    let j = i + 1;
    while (j < runs.length && runs[j].href === href) j++;
    const inl = plain(runs.slice(i, j));
    if (href) out.push({ kind: 'link', href, children: inl });
    else out.push(...inl);
    i = j;
  }
  return out;
}

function trimInlines(inl: Inline[]): Inline[] {
  const out = [...inl];
  while (
    out.length > 0 &&
    ((out[0].kind === 'text' && out[0].text.trim() === '') || out[0].kind === 'lineBreak')
  )
    out.shift();
  while (out.length > 0) {
    const l = out[out.length - 1];
    if ((l.kind === 'text' && l.text.trim() === '') || l.kind === 'lineBreak') out.pop();
    else break;
  }
  if (out[0]?.kind === 'text') out[0] = text(out[0].text.replace(/^\s+/, ''));
  const l = out[out.length - 1];
  if (l?.kind === 'text') out[out.length - 1] = text(l.text.replace(/\s+$/, ''));
  return out;
}

/** A heading style is usually bold as well: the heading needs no bold of its own. */
function unbold(inl: Inline[]): Inline[] {
  const visible = inl.filter((n) => !(n.kind === 'text' && n.text.trim() === ''));
  if (visible.length === 0 || !visible.every((n) => n.kind === 'strong')) return inl;
  return inl.flatMap((n) => (n.kind === 'strong' ? n.children : [n]));
}

const runsText = (runs: Run[]) => runs.map((r) => r.text).join('');

function buildList(items: ListEntry[]): Block {
  const root: Block & { kind: 'list' } = { kind: 'list', ordered: items[0].ordered, items: [] };
  const stack: { list: Block & { kind: 'list' }; level: number }[] = [{ list: root, level: items[0].level }];
  for (const it of items) {
    while (stack.length > 1 && it.level < stack[stack.length - 1].level) stack.pop();
    const top = stack[stack.length - 1];
    if (it.level > top.level && top.list.items.length > 0 && stack.length < 9) {
      const nl: Block & { kind: 'list' } = { kind: 'list', ordered: it.ordered, items: [] };
      top.list.items[top.list.items.length - 1].blocks.push(nl);
      stack.push({ list: nl, level: it.level });
    }
    stack[stack.length - 1].list.items.push({ blocks: [{ kind: 'paragraph', content: it.content }] });
  }
  return root;
}

export interface RtfResult {
  blocks: Block[];
  metadata: DocMetadata;
}

export function readRtf(bytes: Uint8Array, checkpoint: () => void = () => {}): RtfResult {
  const fonts = new Map<number, number>(); // font → code page
  const styles = new Map<number, string>();
  const metadata: DocMetadata = {};
  const notes: Block[] = [];
  let noteCount = 0;
  let ansiCp = 1252;
  let defaultFont = -1;
  let fontDef = -1;
  let styleNum: number | undefined;
  let styleName = '';
  const decoders = new Map<number, ByteDecoder>();
  const decoderFor = (cp: number) => {
    let d = decoders.get(cp);
    if (!d) {
      d = codepageDecoder(cp);
      decoders.set(cp, d);
    }
    return d;
  };

  // Paragraph properties are reset by \pard rather than by groups.
  const para = {
    style: 0,
    intbl: false,
    ilvl: 0,
    ls: 0,
    outline: -1,
    marker: '',
    hadMarker: false,
    trhdr: false,
  };
  const savedParas: (typeof para)[] = [];
  const resetPara = () => {
    para.style = 0;
    para.intbl = false;
    para.ilvl = 0;
    para.ls = 0;
    para.outline = -1;
  };

  const main = newSink();
  const sinks: Sink[] = [main];
  const sink = () => sinks[sinks.length - 1];

  const root: GroupState = {
    dest: 'body',
    b: false,
    i: false,
    s: false,
    sup: false,
    sub: false,
    uc: 1,
    font: -1,
    fresh: false,
  };
  const stack: GroupState[] = [root];
  let st = root;
  let pending: number[] = [];
  let ucSkip = 0;

  const emit = (t: string) => {
    if (!t) return;
    switch (st.dest) {
      case 'body':
        sink().runs.push({ text: t, b: st.b, i: st.i, s: st.s, sup: st.sup, sub: st.sub, href: st.href });
        break;
      case 'fldinst':
        if (st.field) st.field.inst += t;
        break;
      case 'listtext':
        para.marker += t;
        break;
      case 'style':
        styleName += t;
        break;
      case 'meta':
        if (st.metaKey) metadata[st.metaKey] = `${(metadata[st.metaKey] as string | undefined) ?? ''}${t}`;
        break;
      default:
        break;
    }
  };

  const flushBytes = () => {
    if (pending.length === 0) return;
    const font = st.font >= 0 ? st.font : defaultFont;
    const cp = fonts.get(font) ?? ansiCp;
    const bytesOut = Uint8Array.from(pending);
    pending = [];
    emit(decoderFor(cp)(bytesOut));
  };

  const flushList = (s: Sink) => {
    if (s.list.length > 0) s.blocks.push(buildList(s.list));
    s.list = [];
  };
  const flushTable = (s: Sink) => {
    if (s.row.length > 0) {
      s.rows.push(s.row);
      s.row = [];
    }
    if (s.rows.length > 0) {
      flushList(s);
      s.blocks.push({ kind: 'table', rows: s.rows });
    }
    s.rows = [];
    s.headerRows = 0;
  };

  const headingLevel = (): HeadingLevel | undefined => {
    const name = styles.get(para.style);
    if (name) {
      const m = /^heading\s*(\d)/i.exec(name.trim());
      if (m && Number(m[1]) >= 1) return Math.min(6, Number(m[1])) as HeadingLevel;
      if (/^title$/i.test(name.trim())) return 1;
    }
    if (para.outline >= 0 && para.outline < 6) return (para.outline + 1) as HeadingLevel;
    return undefined;
  };

  const endParagraph = () => {
    flushBytes();
    const s = sink();
    const runs = s.runs;
    s.runs = [];
    const marker = para.marker;
    const hadMarker = para.hadMarker;
    para.marker = '';
    para.hadMarker = false;
    if (para.intbl) {
      if (runsText(runs).trim() !== '' || runs.some((r) => r.note)) {
        if (s.cellRuns.length > 0)
          s.cellRuns.push({ ...runs[0], text: ' ', br: false, note: undefined, href: undefined });
        s.cellRuns.push(...runs);
      }
      return;
    }
    if (s.rows.length > 0 || s.row.length > 0) flushTable(s);
    const content = trimInlines(runsToInlines(runs));
    if (content.length === 0) return;
    const level = headingLevel();
    if (hadMarker || para.ls > 0) {
      if (level === undefined) {
        const ordered = /^\s*(\(?[0-9]+|[ivxlcdm]+|[a-z])[.)]/i.test(marker);
        // A top-level item of another kind (bullets after numbers) starts a new list.
        const first = s.list[0];
        if (first && para.ilvl <= first.level && first.ordered !== ordered) flushList(s);
        s.list.push({ level: para.ilvl, ordered, content });
        return;
      }
    }
    flushList(s);
    if (level !== undefined) s.blocks.push({ kind: 'heading', level, content: unbold(content) });
    else s.blocks.push({ kind: 'paragraph', content });
  };

  const endCell = () => {
    flushBytes();
    const s = sink();
    if (runsText(s.runs).trim() !== '' || s.runs.some((r) => r.note)) {
      if (s.cellRuns.length > 0)
        s.cellRuns.push({ ...s.runs[0], text: ' ', br: false, note: undefined, href: undefined });
      s.cellRuns.push(...s.runs);
    }
    s.runs = [];
    para.marker = '';
    para.hadMarker = false;
    const tc: TableCell = { content: trimInlines(runsToInlines(s.cellRuns)) };
    if (para.trhdr) tc.header = true;
    s.row.push(tc);
    s.cellRuns = [];
  };

  const endRow = () => {
    flushBytes();
    const s = sink();
    if (s.runs.length > 0 && runsText(s.runs).trim() !== '') endCell();
    s.runs = [];
    if (s.row.length > 0) s.rows.push(s.row);
    s.row = [];
    para.trhdr = false;
  };

  const finishSink = (s: Sink) => {
    if (s.runs.length > 0) endParagraph();
    flushTable(s);
    flushList(s);
  };

  const handleWord = (word: string, param: number | undefined) => {
    const on = param === undefined || param !== 0;
    // Destinations first: they decide where the group's content goes.
    if (st.fresh) {
      st.fresh = false;
      if (st.star && word === 'shpinst' && st.dest === 'body') {
        st.dest = 'shape';
        return;
      }
      if (st.star && word !== 'fldinst' && word !== 'footnote') {
        st.dest = 'skip';
        return;
      }
      if (SKIP_DESTS.has(word)) {
        st.dest = 'skip';
        return;
      }
    }
    switch (word) {
      case 'fonttbl':
        st.dest = 'fonttbl';
        return;
      case 'stylesheet':
        st.dest = 'stylesheet';
        return;
      case 'info':
        st.dest = 'info';
        return;
      case 'title':
      case 'author':
      case 'subject':
      case 'keywords':
        if (st.dest === 'info') {
          st.dest = 'meta';
          st.metaKey = word;
        }
        return;
      case 'fldinst':
        if (st.field) st.dest = 'fldinst';
        else st.dest = 'skip';
        return;
      case 'fldrslt': {
        st.dest = 'body';
        const m = /HYPERLINK\s+(?:\\l\s+)?"([^"]*)"(?:\s+\\l\s+"([^"]*)")?/i.exec(st.field?.inst ?? '');
        if (m) st.href = m[2] ? `${m[1]}#${m[2]}` : m[1];
        else {
          const bare = /HYPERLINK\s+(\S+)/i.exec(st.field?.inst ?? '');
          if (bare) st.href = bare[1];
        }
        return;
      }
      case 'field':
        st.field = { inst: '' };
        st.ownsField = true;
        return;
      case 'listtext':
      case 'pntext':
        st.dest = 'listtext';
        para.hadMarker = true;
        return;
      case 'footnote': {
        if (st.dest !== 'body') {
          st.dest = 'skip';
          return;
        }
        const id = String(++noteCount);
        flushBytes();
        sink().runs.push({ text: '', b: false, i: false, s: false, sup: false, sub: false, note: id });
        const s = newSink();
        sinks.push(s);
        st.ownsSink = s;
        s.id = id;
        savedParas.push({ ...para });
        return;
      }
      default:
        break;
    }
    if (st.dest === 'skip') return;
    if (st.dest === 'shape') {
      if (word === 'shptxt') {
        flushBytes();
        const s = newSink();
        s.id = 'shape';
        sinks.push(s);
        st.ownsSink = s;
        savedParas.push({ ...para });
        st.dest = 'body';
      }
      return;
    }
    if (st.dest === 'fonttbl') {
      if (word === 'f' && param !== undefined) fontDef = param;
      else if (word === 'fcharset' && param !== undefined) {
        const cp = charsetCodepage(param);
        if (cp !== undefined && fontDef >= 0) fonts.set(fontDef, cp);
      } else if (word === 'cpg' && param !== undefined && fontDef >= 0) fonts.set(fontDef, param);
      return;
    }
    if (st.dest === 'stylesheet' || st.dest === 'style') {
      if (word === 's' && param !== undefined) {
        st.dest = 'style';
        st.ownsStyle = true;
        styleNum = param;
        styleName = '';
      } else if ((word === 'cs' || word === 'ds' || word === 'ts') && st.dest === 'stylesheet') {
        st.dest = 'skip';
      }
      return;
    }
    if (st.dest === 'info' || st.dest === 'meta') return;
    switch (word) {
      case 'ansicpg':
        if (param !== undefined) ansiCp = param;
        return;
      case 'deff':
        if (param !== undefined) defaultFont = param;
        return;
      case 'uc':
        st.uc = Math.max(0, Math.min(10, param ?? 1));
        return;
      case 'u': {
        flushBytes();
        if (param === undefined) return;
        const code = param < 0 ? param + 65536 : param;
        emit(String.fromCharCode(code));
        ucSkip = st.uc;
        return;
      }
      case 'f':
        flushBytes();
        if (param !== undefined) st.font = param;
        return;
      case 'plain':
        flushBytes();
        st.b = st.i = st.s = st.sup = st.sub = false;
        return;
      case 'b':
        flushBytes();
        st.b = on;
        return;
      case 'i':
        flushBytes();
        st.i = on;
        return;
      case 'strike':
      case 'striked':
        flushBytes();
        st.s = on;
        return;
      case 'super':
        flushBytes();
        st.sup = on;
        st.sub = false;
        return;
      case 'sub':
        flushBytes();
        st.sub = on;
        st.sup = false;
        return;
      case 'nosupersub':
        flushBytes();
        st.sup = st.sub = false;
        return;
      case 'pard':
        flushBytes();
        resetPara();
        return;
      case 's':
        if (param !== undefined) para.style = param;
        return;
      case 'intbl':
        para.intbl = true;
        return;
      case 'trhdr':
        para.trhdr = true;
        return;
      case 'ilvl':
        para.ilvl = Math.max(0, Math.min(8, param ?? 0));
        return;
      case 'ls':
        para.ls = param ?? 0;
        return;
      case 'outlinelevel':
        para.outline = param ?? -1;
        return;
      case 'par':
      case 'sect':
      case 'page':
        endParagraph();
        return;
      case 'line':
        flushBytes();
        if (st.dest === 'body')
          sink().runs.push({
            text: '',
            b: st.b,
            i: st.i,
            s: st.s,
            sup: st.sup,
            sub: st.sub,
            href: st.href,
            br: true,
          });
        return;
      case 'cell':
        endCell();
        return;
      case 'nestcell':
        flushBytes();
        emit(' ');
        return;
      case 'row':
        endRow();
        return;
      case 'chftn':
        return;
      default: {
        const sp = SPECIAL[word];
        if (sp) {
          flushBytes();
          emit(st.dest === 'listtext' && word === 'tab' ? ' ' : sp);
        }
      }
    }
  };

  const handleToken = (tok: RtfToken) => {
    if (ucSkip > 0) {
      if (tok.t === 'hex' || tok.t === 'word' || tok.t === 'symbol') {
        ucSkip--;
        return;
      }
      if (tok.t === 'bytes') {
        const k = Math.min(ucSkip, tok.bytes.length);
        ucSkip -= k;
        if (k === tok.bytes.length) return;
        tok = { t: 'bytes', bytes: tok.bytes.subarray(k) };
      } else ucSkip = 0;
    }
    switch (tok.t) {
      case 'open': {
        flushBytes();
        const next: GroupState = {
          ...st,
          fresh: true,
          star: false,
          ownsField: false,
          ownsSink: undefined,
          ownsStyle: false,
        };
        stack.push(next);
        st = next;
        return;
      }
      case 'close': {
        flushBytes();
        if (stack.length <= 1) return;
        const done = stack.pop()!;
        st = stack[stack.length - 1];
        if (done.ownsSink) {
          const s = done.ownsSink;
          finishSink(s);
          sinks.pop();
          // A text box's paragraphs join the flow before the paragraph that anchors it.
          if (s.id === 'shape') sink().blocks.push(...s.blocks);
          else notes.push({ kind: 'footnote', id: s.id ?? '', children: s.blocks });
          const saved = savedParas.pop();
          if (saved) Object.assign(para, saved);
        }
        if (done.ownsStyle && styleNum !== undefined) {
          styles.set(styleNum, styleName.replace(/;\s*$/, '').trim());
          styleNum = undefined;
        }
        return;
      }
      case 'symbol':
        if (tok.ch === '*') {
          st.star = true;
          return;
        }
        if (st.fresh) st.fresh = st.star === true; // a symbol does not end the wait for \* dest
        if (st.dest === 'skip') return;
        flushBytes();
        if (tok.ch === '\\' || tok.ch === '{' || tok.ch === '}') emit(tok.ch);
        else if (tok.ch === '~') emit('\u00a0');
        else if (tok.ch === '_') emit('-');
        return;
      case 'word':
        handleWord(tok.word, tok.param);
        return;
      case 'hex':
        if (st.fresh) st.fresh = false;
        if (st.dest === 'skip') return;
        pending.push(tok.byte);
        return;
      case 'bytes':
        if (st.dest === 'skip') return;
        if (st.fresh) {
          st.fresh = false;
          if (st.star) {
            st.dest = 'skip';
            return;
          }
        }
        if (st.dest === 'fonttbl') return;
        for (const byte of tok.bytes) pending.push(byte);
        if (pending.length > 65536) flushBytes();
        return;
      case 'bin':
        return;
    }
  };

  let count = 0;
  for (const tok of tokenize(bytes)) {
    if (++count % 65536 === 0) checkpoint();
    handleToken(tok);
  }
  flushBytes();
  while (sinks.length > 1) {
    const s = sinks.pop()!;
    finishSink(s);
    if (s.id === 'shape') sink().blocks.push(...s.blocks);
    else notes.push({ kind: 'footnote', id: s.id ?? '', children: s.blocks });
  }
  finishSink(main);
  for (const k of Object.keys(metadata)) {
    const v = metadata[k];
    if (typeof v === 'string') metadata[k] = v.trim();
  }
  return { blocks: [...main.blocks, ...notes], metadata };
}
