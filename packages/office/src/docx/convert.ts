import {
  type Block,
  type Inline,
  inlineText,
  type ParseContext,
  type TableCell,
  textContent,
  type XmlElement,
  type XmlNode,
} from '@distill/core';
import { chartBlocks, readChartPart } from '../ooxml/chart.js';
import { cleanAltText, imageSource } from '../ooxml/image.js';
import type { OoxmlPackage, Relationship } from '../ooxml/package.js';
import { compactRows } from '../ooxml/table.js';
import { at, find, isOn, kid, kids, ln, path, relAttr } from '../ooxml/xml.js';
import { hasContent, mergeInlines, type RunFormat, trimInlines, wrapFormat } from './inlines.js';
import type { ListLabel, Numbering } from './numbering.js';
import { ommlToLatex } from './omml.js';
import { paragraphStyle, type Styles } from './styles.js';

/** A body item before lists are assembled: a finished block or one list paragraph. */
/** Deeper structure than this is flattened to paragraphs (no input can exhaust the stack). */
const MAX_DEPTH = 40;

/**
 * Block-level elements read as nothing on purpose: layout, anchors and revision marks with no
 * text of their own (deleted text, `w:del`, is left out as Word shows the final document).
 * Any other element holding text is read through, with a warning.
 */
const BLOCK_IGNORED: ReadonlySet<string> = new Set([
  'sectPr',
  'bookmarkStart',
  'bookmarkEnd',
  'commentRangeStart',
  'commentRangeEnd',
  'permStart',
  'permEnd',
  'proofErr',
  'moveFromRangeStart',
  'moveFromRangeEnd',
  'moveToRangeStart',
  'moveToRangeEnd',
  'customXmlInsRangeStart',
  'customXmlInsRangeEnd',
  'customXmlDelRangeStart',
  'customXmlDelRangeEnd',
  'del',
  'moveFrom',
  'tblPr',
  'tblGrid',
]);

/** Inline elements read as nothing on purpose (properties and marks with no reader-visible text). */
const INLINE_IGNORED: ReadonlySet<string> = new Set([
  'rPr',
  'proofErr',
  'permStart',
  'permEnd',
  'lastRenderedPageBreak',
  'customXmlInsRangeStart',
  'customXmlInsRangeEnd',
]);
const PARA_END = Symbol('paragraph end');

type Entry =
  | { t: 'block'; b: Block }
  | { t: 'li'; level: number; list: ListLabel; numId: string; blocks: Block[] }
  | { t: 'code'; text: string }
  | { t: 'task'; checked: boolean; blocks: Block[] }
  | { t: 'quote'; block: Block };

interface Field {
  instr: string;
  phase: 'instr' | 'result';
  link?: string;
  captured?: Inline[];
}

interface ParaState {
  out: Inline[][];
  /** Floating pictures, written before the paragraph; text boxes and charts, after it. */
  before: Block[];
  after: Block[];
  display: string[];
  format: RunFormat;
  monoRuns: number;
  textRuns: number;
}

const MONO =
  /^(courier|consolas|lucida console|menlo|monaco|source code|dejavu sans mono|liberation mono|inconsolata|fira (code|mono)|roboto mono|andale mono|cascadia|jetbrains mono|ubuntu mono|sf mono|noto mono|droid sans mono)/i;
const CODE_CHARS = /[;{}=<>[\]()]|^\s{2,}\S|^(def|import|from|class|return|select|for|while|if)\b/im;

/**
 * Word's body to the document model, read straight from the WordprocessingML tree: paragraphs
 * with their styles and numbering, runs with direct formatting, fields, hyperlinks, tracked
 * changes (insertions kept, deletions dropped), content controls, drawings and text boxes,
 * equations, tables with merges, notes and comments.
 */
export class DocxConverter {
  /** The part whose relationships resolve r:id attributes right now. */
  private part: string;
  private rels: Map<string, Relationship>;
  private fields: Field[] = [];
  readonly notes: { kind: 'footnote' | 'endnote'; id: string; label: string }[] = [];
  private readonly noteLabels = new Map<string, string>();
  readonly commentLabels = new Map<string, string>();
  /** Headings made from a Title-styled paragraph: the document's own title, above Heading 1. */
  readonly titleHeadings = new WeakSet<Block>();
  private depth = 0;
  private count = 0;
  /** Unknown elements already reported (one warning per name, not per occurrence). */
  private readonly unknownSeen = new Set<string>();

  constructor(
    private readonly pkg: OoxmlPackage,
    private readonly ctx: ParseContext,
    private readonly styles: Styles,
    private readonly numbering: Numbering,
    part: string,
  ) {
    this.part = part;
    this.rels = pkg.rels(part);
  }

  /** Converts block content of another part (header, note, comment) with that part's relationships. */
  inPart<T>(part: string, fn: () => T): T {
    const saved = [this.part, this.rels, this.fields] as const;
    this.part = part;
    this.rels = this.pkg.rels(part);
    this.fields = [];
    try {
      return fn();
    } finally {
      [this.part, this.rels, this.fields] = saved;
    }
  }

  /** Blocks of a container (w:body, w:tc, w:txbxContent, w:footnote, w:hdr, w:comment). */
  blocks(container: XmlElement): Block[] {
    if (this.depth > MAX_DEPTH) return this.flattened(container);
    this.depth++;
    try {
      const entries: Entry[] = [];
      this.collect(container, entries);
      return assemble(entries);
    } finally {
      this.depth--;
    }
  }

  private collect(container: XmlElement, entries: Entry[], level = 0): void {
    if (level > MAX_DEPTH) {
      for (const b of this.flattened(container)) entries.push({ t: 'block', b });
      return;
    }
    for (const el of kids(container)) {
      if ((++this.count & 1023) === 0) this.ctx.checkpoint();
      switch (ln(el)) {
        case 'p':
          this.paragraph(el, entries);
          break;
        case 'tbl':
          for (const b of this.table(el)) entries.push({ t: 'block', b });
          break;
        case 'sdt':
          if (!kid(kid(el, 'sdtPr'), 'showingPlcHdr'))
            this.collect(kid(el, 'sdtContent') ?? el, entries, level + 1);
          break;
        case 'customXml':
        case 'ins':
        case 'moveTo':
        case 'smartTag':
        case 'txbxContent':
          this.collect(el, entries, level + 1);
          break;
        case 'AlternateContent': {
          const choice = kid(el, 'Choice');
          this.collect(choice ?? kid(el, 'Fallback') ?? el, entries, level + 1);
          break;
        }
        case 'oMathPara':
          for (const m of find(el, 'oMath'))
            entries.push({ t: 'block', b: { kind: 'formula', tex: ommlToLatex(m), display: true } });
          break;
        default:
          // Section properties, bookmarks, permission and revision marks carry no text. Anything
          // else may wrap paragraphs (a newer schema, a vendor extension): read through it and
          // say so once, rather than drop what it holds.
          if (!BLOCK_IGNORED.has(ln(el)) && this.unknownWithText(el)) this.collect(el, entries, level + 1);
          break;
      }
    }
  }

  /** True, with one warning per element name, when an element this reader does not know holds text. */
  private unknownWithText(el: XmlElement): boolean {
    const holdsText = find(el, 't').some((t) => textContent(t).trim() !== '');
    if (holdsText && !this.unknownSeen.has(el.name)) {
      this.unknownSeen.add(el.name);
      this.ctx.warn(
        `DOCX: <${el.name}> is not an element this reader knows; the text inside it was read as ordinary content.`,
      );
    }
    return holdsText;
  }

  // ---- paragraphs ---------------------------------------------------------------------

  private paragraph(p: XmlElement, entries: Entry[]): void {
    const pPr = kid(p, 'pPr');
    const styleId = paragraphStyle(p);
    const st: ParaState = {
      out: [[]],
      before: [],
      after: [],
      display: [],
      format: { b: false, i: false, s: false },
      monoRuns: 0,
      textRuns: 0,
    };
    this.inlines(p, st);
    // A field left open at the end of the paragraph (a TOC) ends its capture here; one still
    // reading its instruction is dropped, so a field never closed cannot hide the rest.
    for (let k = this.fields.length - 1; k >= 0; k--) {
      const f = this.fields[k];
      if (f.phase === 'instr') {
        this.fields.splice(k, 1);
        continue;
      }
      if (f.captured && st.out.length > 1) {
        const inner = st.out.pop()!;
        st.out[st.out.length - 1].push({ kind: 'link', href: f.link!, children: inner });
        f.captured = undefined;
      }
    }
    while (st.out.length > 1) {
      const inner = st.out.pop()!;
      st.out[st.out.length - 1].push(...inner);
    }
    let content = trimInlines(mergeInlines(st.out[0]));
    const direct = kid(pPr, 'numPr');
    const styleNum = this.styles.numbering(styleId);
    const numId = at(kid(direct, 'numId'), 'val') ?? styleNum.numId;
    const ilvl = Number(at(kid(direct, 'ilvl'), 'val') ?? styleNum.ilvl ?? 0);
    const outline = at(kid(pPr, 'outlineLvl'), 'val');
    let level = this.styles.headingLevel(styleId);
    if (outline !== undefined && Number(outline) < 9) level = Number(outline) + 1;
    const numbered = this.numbering.has(numId) && hasContent(content);
    const label = numbered ? this.numbering.next(numId!, Math.min(8, Math.max(0, ilvl))) : undefined;

    for (const b of st.before) entries.push({ t: 'block', b });
    // An equation alone in its paragraph is a displayed one.
    if (content.length === 1 && content[0].kind === 'math' && level === undefined && !label) {
      st.display.unshift(content[0].tex);
      content = [];
    }
    const box = /^\s*([☒☑☐])\s*/.exec(content[0]?.kind === 'text' ? content[0].text : '');
    if (box && !label && level === undefined) {
      const first = content[0] as { kind: 'text'; text: string };
      const rest = first.text.slice(box[0].length);
      const body: Inline[] = rest ? [{ kind: 'text', text: rest }, ...content.slice(1)] : content.slice(1);
      entries.push({ t: 'task', checked: box[1] !== '☐', blocks: [{ kind: 'paragraph', content: body }] });
      content = [];
    }
    if (hasContent(content) || (st.display.length === 0 && !box)) {
      if (level !== undefined && hasContent(content)) {
        if (label?.ordered && label.label) content = [{ kind: 'text', text: `${label.label} ` }, ...content];
        const b: Block = { kind: 'heading', level: Math.min(6, Math.max(1, level)) as 1, content };
        if (this.styles.isTitle(styleId)) this.titleHeadings.add(b);
        entries.push({ t: 'block', b });
      } else if (label) {
        const blocks: Block[] = [
          {
            kind: 'paragraph',
            content:
              label.simple || !label.ordered
                ? content
                : [{ kind: 'text', text: `${label.label} ` }, ...content],
          },
        ];
        entries.push({ t: 'li', level: ilvl, list: label, numId: numId!, blocks });
      } else if (hasContent(content)) {
        const text = inlineText(content);
        const code =
          this.styles.isCode(styleId) ||
          (st.textRuns > 0 &&
            st.monoRuns === st.textRuns &&
            CODE_CHARS.test(text) &&
            !content.some((n) => n.kind === 'image'));
        if (code) entries.push({ t: 'code', text });
        else if (this.styles.isQuote(styleId))
          entries.push({ t: 'quote', block: { kind: 'paragraph', content } });
        else entries.push({ t: 'block', b: { kind: 'paragraph', content } });
      }
    }
    for (const tex of st.display) entries.push({ t: 'block', b: { kind: 'formula', tex, display: true } });
    const last = entries[entries.length - 1];
    for (const b of st.after) {
      if (last?.t === 'li' && entries[entries.length - 1] === last) last.blocks.push(b);
      else entries.push({ t: 'block', b });
    }
  }

  /**
   * Content nested past MAX_DEPTH (tables in tables, content controls in content controls) is
   * kept as plain paragraphs, read without recursion, and the document says so in a warning.
   */
  private flattened(container: XmlElement): Block[] {
    this.warnFlattened();
    return this.flatText(container).map((text) => ({ kind: 'paragraph', content: [{ kind: 'text', text }] }));
  }

  private flatWarned = false;
  private warnFlattened(): void {
    if (this.flatWarned) return;
    this.flatWarned = true;
    this.ctx.warn(
      `Content nested deeper than ${MAX_DEPTH} levels (tables, content controls or other wrappers) was kept as plain paragraphs: its structure past that depth was not reproduced.`,
    );
  }

  /** The text of a subtree, one string per paragraph (w:p), iteratively: no depth limit. */
  private flatText(root: XmlElement): string[] {
    this.warnFlattened();
    const paras: string[] = [];
    let cur = '';
    // A stack of children lists with positions; a paragraph's end is marked by a sentinel.
    const stack: (XmlNode | typeof PARA_END)[] = [root];
    let n = 0;
    while (stack.length > 0) {
      const node = stack.pop()!;
      if ((++n & 0xffff) === 0) this.ctx.checkpoint();
      if (node === PARA_END) {
        if (cur.trim()) paras.push(cur.trim());
        cur = '';
        continue;
      }
      if (typeof node === 'string') continue;
      const name = ln(node);
      if (name === 't' || name === 'delText') {
        if (name === 't') for (const c of node.children) if (typeof c === 'string') cur += c;
        continue;
      }
      if (name === 'tab') cur += ' ';
      if (name === 'del' || name === 'moveFrom' || name === 'rPr' || name === 'pPr' || name === 'instrText')
        continue;
      if (name === 'p' || name === 'tc') stack.push(PARA_END);
      for (let k = node.children.length - 1; k >= 0; k--) stack.push(node.children[k]);
    }
    if (cur.trim()) paras.push(cur.trim());
    return paras;
  }

  private emit(st: ParaState, nodes: Inline[]): void {
    const top = this.fields[this.fields.length - 1];
    if (top && top.phase === 'instr') return;
    st.out[st.out.length - 1].push(...nodes);
  }

  private inlines(el: XmlElement, st: ParaState, level = 0): void {
    if (level > MAX_DEPTH) {
      const text = this.flatText(el).join(' ');
      if (text) this.emit(st, [{ kind: 'text', text }]);
      return;
    }
    for (const c of kids(el)) {
      switch (ln(c)) {
        case 'r':
          this.run(c, st);
          break;
        case 'hyperlink': {
          const rid = relAttr(c);
          const anchor = at(c, 'anchor');
          const rel = rid ? this.rels.get(rid) : undefined;
          let href = rel ? rel.target : '';
          if (anchor) href = `${href}#${anchor}`;
          st.out.push([]);
          this.inlines(c, st, level + 1);
          const inner = st.out.pop()!;
          if (href) this.emit(st, [{ kind: 'link', href, children: inner }]);
          else this.emit(st, inner);
          break;
        }
        case 'fldSimple': {
          const m = /HYPERLINK\s+(?:\\l\s+)?"([^"]+)"/i.exec(at(c, 'instr') ?? '');
          st.out.push([]);
          this.inlines(c, st, level + 1);
          const inner = st.out.pop()!;
          if (m)
            this.emit(st, [
              { kind: 'link', href: /\\l/.test(at(c, 'instr') ?? '') ? `#${m[1]}` : m[1], children: inner },
            ]);
          else this.emit(st, inner);
          break;
        }
        case 'ins':
        case 'moveTo':
        case 'smartTag':
        case 'customXml':
        case 'bdo':
        case 'dir':
          this.inlines(c, st, level + 1);
          break;
        case 'sdt':
          // A control still showing its placeholder ("Click here to enter text.") holds no content.
          if (!kid(kid(c, 'sdtPr'), 'showingPlcHdr')) this.inlines(kid(c, 'sdtContent') ?? c, st, level + 1);
          break;
        case 'oMath':
          this.emit(st, [{ kind: 'math', tex: ommlToLatex(c) }]);
          st.textRuns++;
          break;
        case 'oMathPara':
          for (const m of find(c, 'oMath')) st.display.push(ommlToLatex(m));
          break;
        case 'AlternateContent':
          this.inlines(kid(c, 'Choice') ?? kid(c, 'Fallback') ?? c, st, level + 1);
          break;
        case 'commentRangeStart':
        case 'commentRangeEnd':
        case 'bookmarkStart':
        case 'bookmarkEnd':
        case 'del':
        case 'moveFrom':
        case 'pPr':
          break;
        default:
          // An element this reader does not know may still wrap runs (a newer schema, a
          // vendor extension): its text is kept rather than lost, and reported once.
          if (!INLINE_IGNORED.has(ln(c)) && c.children.length > 0) {
            this.unknownWithText(c);
            this.inlines(c, st, level + 1);
          }
          break;
      }
    }
  }

  private runFormat(r: XmlElement): RunFormat {
    const rPr = kid(r, 'rPr');
    const rStyle = at(kid(rPr, 'rStyle'), 'val');
    const flag = (name: string, key: 'bold' | 'italic') => {
      const el = kid(rPr, name);
      if (el) return isOn(el);
      return rStyle ? (this.styles.runFlag(rStyle, key) ?? false) : false;
    };
    const va = at(kid(rPr, 'vertAlign'), 'val');
    return {
      b: flag('b', 'bold'),
      i: flag('i', 'italic'),
      s: isOn(kid(rPr, 'strike')) || isOn(kid(rPr, 'dstrike')),
      va: va === 'superscript' ? 'sup' : va === 'subscript' ? 'sub' : undefined,
    };
  }

  private run(r: XmlElement, st: ParaState): void {
    const rPr = kid(r, 'rPr');
    // Hidden text (w:vanish) is not what a reader sees.
    if (isOn(kid(rPr, 'vanish'))) return;
    const f = this.runFormat(r);
    let buf = '';
    const parts: Inline[] = [];
    const flush = () => {
      if (buf) parts.push({ kind: 'text', text: buf });
      buf = '';
    };
    for (const c of kids(r)) {
      switch (ln(c)) {
        case 't':
          if (this.fields.length === 0 || this.fields[this.fields.length - 1].phase === 'result')
            for (const s of c.children) if (typeof s === 'string') buf += s;
          break;
        case 'tab':
        case 'ptab':
          buf += '\t';
          break;
        case 'br':
          if (at(c, 'type') === 'page' || at(c, 'type') === 'column') buf += ' ';
          else {
            flush();
            parts.push({ kind: 'lineBreak' });
          }
          break;
        case 'cr':
          flush();
          parts.push({ kind: 'lineBreak' });
          break;
        case 'noBreakHyphen':
          buf += '-';
          break;
        case 'sym': {
          const code = Number.parseInt(at(c, 'char') ?? '', 16);
          if (Number.isFinite(code)) buf += symbolChar(code, at(c, 'font'));
          break;
        }
        case 'instrText': {
          const top = this.fields[this.fields.length - 1];
          if (top) for (const s of c.children) if (typeof s === 'string') top.instr += s;
          break;
        }
        case 'fldChar': {
          flush();
          this.fieldChar(at(c, 'fldCharType'), st, parts, f);
          break;
        }
        case 'footnoteReference':
        case 'endnoteReference': {
          flush();
          const kind = ln(c) === 'footnoteReference' ? 'footnote' : 'endnote';
          const id = at(c, 'id') ?? '';
          const key = `${kind}:${id}`;
          let label = this.noteLabels.get(key);
          if (!label) {
            label = String(this.noteLabels.size + 1);
            this.noteLabels.set(key, label);
            this.notes.push({ kind, id, label });
          }
          parts.push({ kind: 'footnoteRef', id: label });
          break;
        }
        case 'commentReference': {
          flush();
          const label = this.commentLabels.get(at(c, 'id') ?? '');
          if (label) parts.push({ kind: 'footnoteRef', id: label });
          break;
        }
        case 'drawing':
          flush();
          this.drawing(c, st, parts);
          break;
        case 'pict':
        case 'object':
          flush();
          this.vml(c, st, parts);
          break;
        case 'AlternateContent': {
          flush();
          const choice = kid(c, 'Choice');
          const chosen =
            choice && find(choice, 'drawing').length + find(choice, 'txbxContent').length > 0
              ? choice
              : (kid(c, 'Fallback') ?? choice);
          if (chosen) {
            for (const d of kids(chosen)) {
              if (ln(d) === 'drawing') this.drawing(d, st, parts);
              else if (ln(d) === 'pict') this.vml(d, st, parts);
            }
          }
          break;
        }
        default:
          break;
      }
    }
    flush();
    if (parts.length === 0) return;
    const text = parts.some((p) => p.kind === 'text' && p.text.trim() !== '');
    if (text) {
      st.textRuns++;
      const font =
        at(kid(rPr, 'rFonts'), 'ascii') ??
        at(kid(rPr, 'rFonts'), 'hAnsi') ??
        this.styles.font(at(kid(rPr, 'rStyle'), 'val'));
      if (font && MONO.test(font)) st.monoRuns++;
    }
    // Whitespace-only runs carry no visible formatting; keeping it out avoids `** **`.
    const plain = parts.every((p) => p.kind === 'text' && p.text.trim() === '');
    this.emit(st, plain ? parts : wrapFormat(parts, f));
  }

  private fieldChar(type: string | undefined, st: ParaState, parts: Inline[], f: RunFormat): void {
    if (parts.length > 0) {
      this.emit(st, wrapFormat(parts.splice(0), f));
    }
    if (type === 'begin') this.fields.push({ instr: '', phase: 'instr' });
    else if (type === 'separate') {
      const top = this.fields[this.fields.length - 1];
      if (!top) return;
      top.phase = 'result';
      const m = /^\s*HYPERLINK\s+(\\l\s+)?"?([^"\s]+)"?/i.exec(top.instr);
      if (m) {
        top.link = m[1] ? `#${m[2]}` : m[2];
        top.captured = [];
        st.out.push([]);
      }
    } else if (type === 'end') {
      const top = this.fields.pop();
      if (top?.captured && st.out.length > 1) {
        const inner = st.out.pop()!;
        this.emit(st, [{ kind: 'link', href: top.link!, children: inner }]);
      }
    }
  }

  // ---- drawings -----------------------------------------------------------------------

  private image(
    rid: string | undefined,
    external: boolean,
    alt: string | undefined,
    title?: string,
  ): Inline | undefined {
    const rel = rid ? this.rels.get(rid) : undefined;
    if (!rel) return alt ? { kind: 'image', alt } : undefined;
    const src = rel.external || external ? rel.target : imageSource(this.pkg, rel.part, this.ctx);
    return { kind: 'image', src, alt: alt || undefined, title: title || undefined };
  }

  private drawing(d: XmlElement, st: ParaState, parts: Inline[]): void {
    for (const holder of kids(d)) {
      const floating = ln(holder) === 'anchor';
      const docPr = kid(holder, 'docPr');
      const alt = cleanAltText(at(docPr, 'descr') || at(docPr, 'title')) ?? '';
      // Text boxes (wps:txbx), also inside groups, become blocks after the paragraph.
      for (const box of find(holder, 'txbxContent')) st.after.push(...this.blocks(box));
      const blips = find(holder, 'blip');
      for (const blip of blips) {
        const embed = relAttr(blip, 'embed');
        const link = relAttr(blip, 'link');
        const img = this.image(embed ?? link, !embed && !!link, alt);
        if (img?.kind === 'image' && floating)
          st.before.push({ kind: 'image', src: img.src, alt: img.alt, title: img.title });
        else if (img) parts.push(img);
      }
      for (const chartEl of find(holder, 'chart')) {
        const part = this.rels.get(relAttr(chartEl) ?? '')?.part;
        const chart = part ? readChartPart(this.pkg, part) : undefined;
        if (chart) st.after.push(...chartBlocks(chart));
      }
    }
  }

  private vml(el: XmlElement, st: ParaState, parts: Inline[]): void {
    for (const box of find(el, 'txbxContent')) st.after.push(...this.blocks(box));
    for (const imgData of find(el, 'imagedata')) {
      const rid = relAttr(imgData) ?? at(imgData, 'id');
      const shape = find(el, 'shape')[0];
      const alt = cleanAltText(at(shape, 'alt') || at(imgData, 'title')) ?? '';
      const img = this.image(rid, false, alt);
      if (img) parts.push(img);
    }
  }

  // ---- tables -------------------------------------------------------------------------

  /**
   * A table, or, for a one-cell table (a frame Word users draw around content), the cell's
   * own blocks: a box is not data.
   */
  private table(tbl: XmlElement): Block[] {
    const trs = rowsOf(tbl);
    if (trs.length === 1) {
      const tcs = cellsOf(trs[0]);
      if (tcs.length === 1) return this.blocks(tcs[0]);
    }
    const rows: TableCell[][] = [];
    const origin: (TableCell | undefined)[] = [];
    for (const tr of trs) {
      const row: TableCell[] = [];
      let col = 0;
      const before = Math.min(64, Number(at(path(tr, 'trPr', 'gridBefore'), 'val') ?? 0) || 0);
      if (before > 0) {
        row.push({ content: [], ...(before > 1 ? { colSpan: before } : {}) });
        for (let k = 0; k < before; k++) origin[col + k] = undefined;
        col += before;
      }
      for (const tc of cellsOf(tr)) {
        const tcPr = kid(tc, 'tcPr');
        // Word allows 63 columns; a larger span is damage or hostility, not layout.
        const span = Math.min(64, Math.max(1, Number(at(kid(tcPr, 'gridSpan'), 'val') ?? 1) || 1));
        const vm = kid(tcPr, 'vMerge');
        const vmVal = vm ? (at(vm, 'val') ?? 'continue') : undefined;
        if (vmVal === 'continue' && origin[col]) {
          const o = origin[col]!;
          o.rowSpan = (o.rowSpan ?? 1) + 1;
          col += span;
          continue;
        }
        const c: TableCell = { content: this.cellInlines(tc) };
        if (span > 1) c.colSpan = span;
        if (rows.length === 0) c.header = true;
        row.push(c);
        for (let k = 0; k < span; k++) origin[col + k] = vmVal === 'restart' ? c : undefined;
        col += span;
      }
      rows.push(row);
    }
    if (rows.length === 0) return [];
    return [{ kind: 'table', rows: compactRows(rows) }];
  }

  /** A cell's blocks flattened to inlines: paragraphs by line breaks, list items marked, nested tables inline. */
  private cellInlines(tc: XmlElement): Inline[] {
    const out: Inline[] = [];
    const push = (nodes: Inline[]) => {
      if (nodes.length === 0) return;
      if (out.length > 0) out.push({ kind: 'lineBreak' });
      out.push(...nodes);
    };
    const walk = (blocks: Block[], indent: string) => {
      for (const b of blocks) {
        switch (b.kind) {
          case 'paragraph':
          case 'heading':
            push(b.content);
            break;
          case 'list':
            b.items.forEach((item, i) => {
              const check = item.checked === undefined ? '' : item.checked ? '[x] ' : '[ ] ';
              const marker = `${b.ordered ? `${(b.start ?? 1) + i}.` : '-'} ${check}`;
              const [first, ...rest] = item.blocks;
              if (first && (first.kind === 'paragraph' || first.kind === 'heading'))
                push([{ kind: 'text', text: indent + marker }, ...first.content]);
              else if (first) walk([first], indent);
              walk(rest, `${indent}  `);
            });
            break;
          case 'table':
            for (const row of b.rows) {
              const cells: Inline[] = [];
              row.forEach((c, i) => {
                if (i > 0) cells.push({ kind: 'text', text: ' | ' });
                cells.push(
                  ...c.content.map((n) =>
                    n.kind === 'lineBreak' ? ({ kind: 'text', text: ' ' } as Inline) : n,
                  ),
                );
              });
              push(cells);
            }
            break;
          case 'image':
            push([{ kind: 'image', src: b.src, alt: b.alt }]);
            break;
          case 'code':
            push([{ kind: 'code', text: b.text }]);
            break;
          case 'formula':
            push([{ kind: 'math', tex: b.tex }]);
            break;
          case 'quote':
          case 'footnote':
            walk(b.children, indent);
            break;
          default:
            break;
        }
      }
    };
    walk(this.blocks(tc), '');
    return out;
  }
}

/**
 * The elements named `want` below `root`, looking through the wrappers in `through` (content
 * controls and the like), in document order, iteratively: any depth of wrappers is read.
 */
function childrenThrough(root: XmlElement, want: string, through: ReadonlySet<string>): XmlElement[] {
  const out: XmlElement[] = [];
  const stack: XmlElement[] = [...kids(root)].reverse();
  while (stack.length > 0) {
    const c = stack.pop()!;
    const n = ln(c);
    if (n === want) out.push(c);
    else if (through.has(n)) {
      const inner = n === 'sdt' ? (kid(c, 'sdtContent') ?? c) : c;
      const ks = kids(inner);
      for (let k = ks.length - 1; k >= 0; k--) stack.push(ks[k]);
    }
  }
  return out;
}

const ROW_WRAPPERS = new Set(['sdt', 'customXml', 'ins']);
const CELL_WRAPPERS = new Set(['sdt', 'customXml']);
const rowsOf = (tbl: XmlElement): XmlElement[] => childrenThrough(tbl, 'tr', ROW_WRAPPERS);
const cellsOf = (tr: XmlElement): XmlElement[] => childrenThrough(tr, 'tc', CELL_WRAPPERS);

/** Symbol-font characters (Wingdings check boxes, bullets) as their Unicode look-alikes. */
function symbolChar(code: number, font?: string): string {
  const c = code >= 0xf000 ? code - 0xf000 : code;
  if (font && /wingdings/i.test(font)) {
    const map: Record<number, string> = {
      168: '☐',
      254: '☒',
      253: '☒',
      111: '☐',
      120: '☒',
      252: '✓',
      159: '•',
      167: '▪',
      216: '➢',
      224: '→',
    };
    return map[c] ?? '';
  }
  if (font && /symbol/i.test(font)) {
    const map: Record<number, string> = {
      183: '•',
      215: '×',
      177: '±',
      174: '→',
      172: '←',
      165: '∞',
      179: '≥',
      163: '≤',
      185: '≠',
      112: 'π',
    };
    return map[c] ?? '';
  }
  return c >= 0x20 ? String.fromCodePoint(code) : '';
}

/** Turns list paragraphs into nested list blocks and joins code paragraphs into code blocks. */
function assemble(entries: Entry[]): Block[] {
  const out: Block[] = [];
  type Open = { level: number; block: Extract<Block, { kind: 'list' }>; numId: string; ordered: boolean };
  let stack: Open[] = [];
  let code: string[] | undefined;
  const closeCode = () => {
    if (code) out.push({ kind: 'code', text: code.join('\n') });
    code = undefined;
  };
  let tasks: Extract<Block, { kind: 'list' }> | undefined;
  let quote: Extract<Block, { kind: 'quote' }> | undefined;
  for (const e of entries) {
    if (e.t === 'quote') {
      closeCode();
      stack = [];
      tasks = undefined;
      if (!quote) {
        quote = { kind: 'quote', children: [] };
        out.push(quote);
      }
      quote.children.push(e.block);
      continue;
    }
    quote = undefined;
    if (e.t === 'task') {
      closeCode();
      stack = [];
      if (!tasks) {
        tasks = { kind: 'list', ordered: false, items: [] };
        out.push(tasks);
      }
      tasks.items.push({ blocks: e.blocks, checked: e.checked });
      continue;
    }
    tasks = undefined;
    if (e.t === 'code') {
      stack = [];
      code ??= [];
      code.push(e.text);
      continue;
    }
    closeCode();
    if (e.t === 'block') {
      stack = [];
      out.push(e.b);
      continue;
    }
    const ordered = e.list.ordered && e.list.simple;
    while (stack.length > 0 && stack[stack.length - 1].level > e.level) stack.pop();
    let top = stack[stack.length - 1];
    if (
      top &&
      top.level === e.level &&
      (top.ordered !== ordered || (ordered && top.numId !== e.numId && e.list.number === 1))
    ) {
      stack.pop();
      top = stack[stack.length - 1];
      if (!top) {
        const block: Extract<Block, { kind: 'list' }> = { kind: 'list', ordered, items: [] };
        if (ordered && e.list.number !== 1) block.start = e.list.number;
        out.push(block);
        stack.push({ level: e.level, block, numId: e.numId, ordered });
        block.items.push({ blocks: e.blocks });
        continue;
      }
    }
    if (top && top.level === e.level) {
      top.block.items.push({ blocks: e.blocks });
      continue;
    }
    const block: Extract<Block, { kind: 'list' }> = { kind: 'list', ordered, items: [] };
    if (ordered && e.list.number !== 1) block.start = e.list.number;
    if (top) {
      const parentItem = top.block.items[top.block.items.length - 1];
      parentItem.blocks.push(block);
    } else out.push(block);
    stack.push({ level: e.level, block, numId: e.numId, ordered });
    block.items.push({ blocks: e.blocks });
  }
  closeCode();
  return out;
}
