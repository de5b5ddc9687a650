import { type Block, CfbFile, DistillError, type Inline, text } from '@distill/core';
import { decodeCp1252 } from '../rtf/codepage.js';
import { type SlideTable, slideTables } from './tables.js';

/**
 * PowerPoint 97–2003: the current edit (Current User stream) leads to the user edit chain and
 * its persist directory, which maps persist ids to record offsets. The document's slide list
 * gives slide order and the outline text of placeholders (TextHeaderAtom says title or
 * body); each slide's drawing adds the text of its own text boxes in shape order; the notes
 * page of a slide gives its speaker notes.
 */

const RT = {
  Document: 0x03e8,
  Slide: 0x03ee,
  SlideAtom: 0x03ef,
  Notes: 0x03f0,
  SlidePersistAtom: 0x03f3,
  SlideListWithText: 0x0ff0,
  TextHeaderAtom: 0x0f9f,
  TextCharsAtom: 0x0fa0,
  TextBytesAtom: 0x0fa8,
  StyleTextPropAtom: 0x0fa1,
  OutlineTextRefAtom: 0x0f9e,
  ClientTextbox: 0xf00d,
  UserEditAtom: 0x0ff5,
  PersistDirectoryAtom: 0x1772,
} as const;

const encrypted = () =>
  new DistillError('FILE_ENCRYPTED', 'Unprocessable Entity: the presentation is password-protected');
const corrupt = (why: string) =>
  new DistillError('FILE_CORRUPT', `Unprocessable Entity: the presentation is corrupt (${why})`);

interface Rec {
  type: number;
  instance: number;
  container: boolean;
  start: number;
  end: number;
}

const u16 = (b: Uint8Array, o: number) => (o + 2 <= b.length ? b[o] | (b[o + 1] << 8) : 0);
const u32 = (b: Uint8Array, o: number) => (o + 4 <= b.length ? (u16(b, o) | (u16(b, o + 2) << 16)) >>> 0 : 0);

export function header(b: Uint8Array, o: number): Rec | undefined {
  if (o + 8 > b.length) return undefined;
  const vi = u16(b, o);
  const len = u32(b, o + 4);
  return {
    type: u16(b, o + 2),
    instance: vi >> 4,
    container: (vi & 0xf) === 0xf,
    start: o + 8,
    end: Math.min(b.length, o + 8 + len),
  };
}

/** Children of a container record. */
function* childrenOf(b: Uint8Array, r: Rec): Generator<Rec> {
  let p = r.start;
  while (p + 8 <= r.end) {
    const c = header(b, p);
    if (!c || c.end <= p) return;
    yield c;
    p = c.end;
  }
}

/** Depth-first records below `r` in order, with an explicit stack (no recursion limit). */
export function* walk(b: Uint8Array, r: Rec): Generator<Rec> {
  const stack: Generator<Rec>[] = [childrenOf(b, r)];
  let count = 0;
  while (stack.length > 0) {
    const next = stack[stack.length - 1].next();
    if (next.done) {
      stack.pop();
      continue;
    }
    if (++count > 2_000_000) throw corrupt('too many records');
    yield next.value;
    if (next.value.container && stack.length < 64) stack.push(childrenOf(b, next.value));
  }
}

interface ParaRun {
  /** Characters covered, paragraph marks included. */
  count: number;
  level: number;
  /** The bullet flag when the text overrides its master; undefined otherwise. */
  bullet?: boolean;
}

interface TextRun {
  type: number;
  text: string;
  paras?: ParaRun[];
}

/** Paragraph runs of a StyleTextPropAtom (indent level, bullet flag); character runs are not needed. */
function paragraphRuns(b: Uint8Array, r: Rec, textLength: number): ParaRun[] {
  const out: ParaRun[] = [];
  let p = r.start;
  let covered = 0;
  while (covered <= textLength && p + 10 <= r.end && out.length < 10_000) {
    const count = u32(b, p);
    const level = Math.min(8, u16(b, p + 4));
    const mask = u32(b, p + 6);
    p += 10;
    let bullet: boolean | undefined;
    if (mask & 0x0f) {
      if (mask & 0x01) bullet = (u16(b, p) & 1) === 1;
      p += 2;
    }
    // The optional fields follow in this order; skipping them reaches the next run.
    for (const [bit, size] of [
      [0x80, 2],
      [0x10, 2],
      [0x40, 2],
      [0x20, 4],
      [0x800, 2],
      [0x1000, 2],
      [0x2000, 2],
      [0x4000, 2],
      [0x100, 2],
      [0x400, 2],
      [0x8000, 2],
    ] as const)
      if (mask & bit) p += size;
    if (mask & 0x100000) p += 2 + u16(b, p) * 4;
    if (mask & 0x10000) p += 2;
    if (mask & 0xe0000) p += 2;
    if (mask & 0x200000) p += 2;
    out.push({ count, level, bullet });
    covered += count;
    if (count === 0) break;
  }
  return out;
}

function atomText(b: Uint8Array, r: Rec): string {
  if (r.type === RT.TextCharsAtom)
    return new TextDecoder('utf-16le').decode(b.subarray(r.start, r.end - ((r.end - r.start) & 1)));
  return decodeCp1252(b.subarray(r.start, r.end));
}

/** Text runs of records in order: each TextHeaderAtom sets the type of the text after it. */
export function textRuns(b: Uint8Array, recs: Iterable<Rec>, outline?: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  let type = 4;
  for (const r of recs) {
    if (r.type === RT.TextHeaderAtom) type = u32(b, r.start);
    else if (r.type === RT.TextCharsAtom || r.type === RT.TextBytesAtom)
      out.push({ type, text: atomText(b, r) });
    else if (r.type === RT.StyleTextPropAtom && out.length > 0) {
      const last = out[out.length - 1];
      if (!last.paras) last.paras = paragraphRuns(b, r, last.text.length);
    } else if (r.type === RT.OutlineTextRefAtom && outline) {
      const ref = outline[u32(b, r.start)];
      if (ref) out.push(ref);
    }
  }
  return out;
}

const isTitle = (t: number) => t === 0 || t === 6;

/** Body placeholders show bullets unless the text turns them off. */
const bulletedByDefault = (t: number) => t === 1 || t === 7 || t === 8;

function runBlocks(runs: TextRun[]): Block[] {
  const out: Block[] = [];
  for (const r of runs) {
    const raw = r.text.split(/\r/);
    if (isTitle(r.type)) {
      const t = raw.map(clean).join(' ').replace(/\v/g, ' ').trim();
      if (t) out.push({ kind: 'heading', level: 1, content: [text(t)] });
      continue;
    }
    let items: { level: number; content: Inline[] }[] = [];
    const flush = () => {
      if (items.length > 0) out.push(buildList(items));
      items = [];
    };
    let offset = 0;
    for (const para of raw) {
      const props = propsAt(r.paras, offset);
      offset += para.length + 1;
      const p = clean(para);
      if (!p) continue;
      const content: Inline[] = [];
      p.split('\v').forEach((line, i) => {
        if (i > 0) content.push({ kind: 'lineBreak' });
        if (line) content.push(text(line));
      });
      const bullet = props?.bullet ?? bulletedByDefault(r.type);
      if (bullet) items.push({ level: props?.level ?? 0, content });
      else {
        flush();
        out.push({ kind: 'paragraph', content });
      }
    }
    flush();
  }
  return out;
}

const clean = (p: string) => p.replace(/[\x00-\x08\x0c-\x1f]/g, '').trim();

function propsAt(runs: ParaRun[] | undefined, offset: number): ParaRun | undefined {
  if (!runs) return undefined;
  let pos = 0;
  for (const r of runs) {
    if (offset < pos + r.count) return r;
    pos += r.count;
  }
  return runs[runs.length - 1];
}

/** Items with indent levels to nested unordered lists. */
function buildList(items: { level: number; content: Inline[] }[]): Block {
  const root: Block & { kind: 'list' } = { kind: 'list', ordered: false, items: [] };
  const stack: { list: Block & { kind: 'list' }; level: number }[] = [{ list: root, level: items[0].level }];
  for (const it of items) {
    while (stack.length > 1 && it.level < stack[stack.length - 1].level) stack.pop();
    const top = stack[stack.length - 1];
    if (it.level > top.level && top.list.items.length > 0 && stack.length < 9) {
      const nl: Block & { kind: 'list' } = { kind: 'list', ordered: false, items: [] };
      top.list.items[top.list.items.length - 1].blocks.push(nl);
      stack.push({ list: nl, level: it.level });
    }
    stack[stack.length - 1].list.items.push({ blocks: [{ kind: 'paragraph', content: it.content }] });
  }
  return root;
}

export function readPpt(bytes: Uint8Array | CfbFile, checkpoint: () => void = () => {}): Block[] {
  const cfb = bytes instanceof CfbFile ? bytes : new CfbFile(bytes);
  if (cfb.has('EncryptedSummary')) throw encrypted();
  if (!cfb.has('PowerPoint Document')) {
    if (cfb.has('EncryptedPackage')) throw encrypted();
    throw corrupt('no PowerPoint Document stream');
  }
  const doc = cfb.read('PowerPoint Document');
  let editOffset: number | undefined;
  if (cfb.has('Current User')) {
    const cu = cfb.read('Current User');
    const token = u32(cu, 12);
    if (token === 0xf3d1c4df) throw encrypted();
    editOffset = u32(cu, 16);
  }

  // Persist directory: walk the user edits from the newest; the newest entry for an id wins.
  const persist = new Map<number, number>();
  let docRef = 0;
  const seen = new Set<number>();
  let off = editOffset;
  while (off !== undefined && off > 0 && off < doc.length && !seen.has(off) && seen.size < 10_000) {
    seen.add(off);
    const h = header(doc, off);
    if (!h || h.type !== RT.UserEditAtom) break;
    if (h.end - h.start >= 0x20 && u32(doc, h.start + 0x1c) !== 0) throw encrypted();
    if (docRef === 0) docRef = u32(doc, h.start + 16);
    const pd = header(doc, u32(doc, h.start + 12));
    if (pd && pd.type === RT.PersistDirectoryAtom) {
      let p = pd.start;
      while (p + 4 <= pd.end) {
        const v = u32(doc, p);
        const id = v & 0xfffff;
        const n = v >>> 20;
        p += 4;
        for (let k = 0; k < n && p + 4 <= pd.end; k++, p += 4)
          if (!persist.has(id + k)) persist.set(id + k, u32(doc, p));
      }
    }
    const prev = u32(doc, h.start + 8);
    off = prev > 0 ? prev : undefined;
  }

  // The document container: by the persist directory, else the first one in the stream.
  let docRec: Rec | undefined;
  const docOff = persist.get(docRef);
  if (docOff !== undefined) docRec = header(doc, docOff);
  if (!docRec || docRec.type !== RT.Document) {
    let p = 0;
    docRec = undefined;
    while (p + 8 <= doc.length) {
      const h = header(doc, p)!;
      if (h.type === RT.Document) {
        docRec = h;
        break;
      }
      if (h.end <= p) break;
      p = h.end;
    }
  }
  if (!docRec) throw corrupt('no document record');

  // Slides in order, with the outline text of each from the slide list.
  const slides: { persistId: number; outline: TextRun[] }[] = [];
  for (const c of childrenOf(doc, docRec)) {
    if (c.type !== RT.SlideListWithText || c.instance !== 0) continue;
    let cur: { persistId: number; outline: TextRun[] } | undefined;
    let type = 4;
    for (const r of childrenOf(doc, c)) {
      if (r.type === RT.SlidePersistAtom) {
        cur = { persistId: u32(doc, r.start), outline: [] };
        slides.push(cur);
      } else if (r.type === RT.TextHeaderAtom) type = u32(doc, r.start);
      else if ((r.type === RT.TextCharsAtom || r.type === RT.TextBytesAtom) && cur)
        cur.outline.push({ type, text: atomText(doc, r) });
      else if (r.type === RT.StyleTextPropAtom && cur && cur.outline.length > 0) {
        const last = cur.outline[cur.outline.length - 1];
        if (!last.paras) last.paras = paragraphRuns(doc, r, last.text.length);
      }
    }
  }

  const blocks: Block[] = [];
  slides.forEach((s, i) => {
    checkpoint();
    blocks.push({ kind: 'comment', text: `Slide number: ${i + 1}` });
    const slideOff = persist.get(s.persistId);
    const slide = slideOff !== undefined ? header(doc, slideOff) : undefined;
    let runs: TextRun[] = [];
    let tables: SlideTable[] = [];
    let notesRef = 0;
    if (slide && slide.type === RT.Slide) {
      const all = [...walk(doc, slide)];
      const atom = all.find((r) => r.type === RT.SlideAtom);
      if (atom) notesRef = u32(doc, atom.start + 16);
      const kids = (r: Rec) => [...childrenOf(doc, r)];
      const cellText = (tb: Rec) =>
        textRuns(doc, walk(doc, tb), s.outline)
          .map((t) =>
            t.text
              .replace(/[\r\v]+/g, ' ')
              .replace(/[\x00-\x08\x0c-\x1f]/g, '')
              .trim(),
          )
          .join(' ');
      tables = slideTables(doc, all, kids, cellText);
      // Text inside a table is read into its cells, not again as slide text.
      const recs = all.filter((r) => !tables.some((t) => r.start >= t.start && r.end <= t.end));
      runs = textRuns(doc, recs, s.outline);
      // Placeholder text not referenced from a shape still belongs to the slide.
      for (const o of s.outline) if (!runs.includes(o)) runs.push(o);
    } else runs = s.outline;
    // Titles first, as a reader expects them.
    runs.sort((a, b) => Number(isTitle(b.type)) - Number(isTitle(a.type)));
    blocks.push(...runBlocks(runs), ...tables.map((t) => t.block));
    const notesOff = notesRef ? persist.get(notesRef) : undefined;
    const notes = notesOff !== undefined ? header(doc, notesOff) : undefined;
    if (notes && notes.type === RT.Notes) {
      const noteRuns = textRuns(doc, walk(doc, notes)).filter(
        (r) => r.type === 2 || r.type === 1 || r.type === 4,
      );
      const nb = runBlocks(noteRuns.map((r) => ({ ...r, type: 2 })));
      if (nb.length > 0) blocks.push({ kind: 'heading', level: 3, content: [text('Notes:')] }, ...nb);
    }
  });
  return blocks;
}
