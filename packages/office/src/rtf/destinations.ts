import { charsetCodepage } from './codepage.js';
import { finishSink } from './paragraphs.js';
import { type Dest, type GroupState, newSink, type RtfState, type Sink } from './state.js';

/**
 * Destinations: the groups that say where their content goes. The font table (code pages per
 * font), the style sheet (style names, for headings), \info (title, author, subject,
 * keywords), fields (HYPERLINK instructions, whose result becomes a link), footnotes and
 * shapes' text boxes (each read into a sink of its own), and the destinations skipped whole
 * (pictures, objects, headers and footers, unknown `\*` groups).
 */

/** Destinations whose content is not text of the document. */
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

/**
 * The first word of a group may name a destination to skip, or a shape whose text box is read.
 * Returns true when the word was taken.
 */
export function openDestination(r: RtfState, word: string): boolean {
  const st = r.st;
  st.fresh = false;
  if (st.star && word === 'shpinst' && st.dest === 'body') {
    st.dest = 'shape';
    return true;
  }
  if (st.star && word !== 'fldinst' && word !== 'footnote') {
    st.dest = 'skip';
    return true;
  }
  if (SKIP_DESTS.has(word)) {
    st.dest = 'skip';
    return true;
  }
  return false;
}

type WordHandler = (r: RtfState, word: string) => void;

const setDest = (r: RtfState, dest: Dest) => {
  r.st.dest = dest;
};

const readMeta: WordHandler = (r, word) => {
  if (r.st.dest === 'info') {
    r.st.dest = 'meta';
    r.st.metaKey = word;
  }
};

const readListText: WordHandler = (r) => {
  r.st.dest = 'listtext';
  r.para.hadMarker = true;
};

/** Words that open a destination, wherever they appear. */
const DESTINATION_WORDS = new Map<string, WordHandler>([
  ['fonttbl', (r) => setDest(r, 'fonttbl')],
  ['stylesheet', (r) => setDest(r, 'stylesheet')],
  ['info', (r) => setDest(r, 'info')],
  ['title', readMeta],
  ['author', readMeta],
  ['subject', readMeta],
  ['keywords', readMeta],
  ['field', startField],
  ['fldinst', (r) => setDest(r, r.st.field ? 'fldinst' : 'skip')],
  ['fldrslt', readFieldResult],
  ['listtext', readListText],
  ['pntext', readListText],
  ['footnote', startFootnote],
]);

/** Handles a word that opens a destination; returns false for any other word. */
export function destinationWord(r: RtfState, word: string): boolean {
  const handler = DESTINATION_WORDS.get(word);
  if (!handler) return false;
  handler(r, word);
  return true;
}

function startField(r: RtfState): void {
  r.st.field = { inst: '' };
  r.st.ownsField = true;
}

/** A field's result is body text; a HYPERLINK instruction makes it a link. */
function readFieldResult(r: RtfState): void {
  const st = r.st;
  st.dest = 'body';
  const m = /HYPERLINK\s+(?:\\l\s+)?"([^"]*)"(?:\s+\\l\s+"([^"]*)")?/i.exec(st.field?.inst ?? '');
  if (m) st.href = m[2] ? `${m[1]}#${m[2]}` : m[1];
  else {
    const bare = /HYPERLINK\s+(\S+)/i.exec(st.field?.inst ?? '');
    if (bare) st.href = bare[1];
  }
}

/** A footnote leaves a reference in the text and collects its paragraphs in a sink of its own. */
function startFootnote(r: RtfState): void {
  if (r.st.dest !== 'body') {
    r.st.dest = 'skip';
    return;
  }
  const id = String(++r.noteCount);
  r.flushBytes();
  r.sink().runs.push({ text: '', b: false, i: false, s: false, sup: false, sub: false, note: id });
  openSink(r, id);
}

/** Paragraphs go to a new sink until the group closes; the body's paragraph is kept aside. */
function openSink(r: RtfState, id: string): void {
  const s = newSink();
  s.id = id;
  r.sinks.push(s);
  r.st.ownsSink = s;
  r.savedParas.push({ ...r.para });
}

/**
 * A word inside a destination that is not body text: the font table, the style sheet, \info,
 * a shape's instructions or a skipped group. Returns false when the group is body text (or a
 * field instruction or list marker), where the word is a formatting or paragraph word.
 */
export function withinDestination(r: RtfState, word: string, param: number | undefined): boolean {
  switch (r.st.dest) {
    case 'skip':
    case 'info':
    case 'meta':
      return true;
    case 'shape':
      if (word === 'shptxt') {
        r.flushBytes();
        openSink(r, 'shape');
        r.st.dest = 'body';
      }
      return true;
    case 'fonttbl':
      fontTableWord(r, word, param);
      return true;
    case 'stylesheet':
    case 'style':
      styleSheetWord(r, word, param);
      return true;
    default:
      return false;
  }
}

function fontTableWord(r: RtfState, word: string, param: number | undefined): void {
  if (word === 'f' && param !== undefined) r.fontDef = param;
  else if (word === 'fcharset' && param !== undefined) {
    const cp = charsetCodepage(param);
    if (cp !== undefined && r.fontDef >= 0) r.fonts.set(r.fontDef, cp);
  } else if (word === 'cpg' && param !== undefined && r.fontDef >= 0) r.fonts.set(r.fontDef, param);
}

function styleSheetWord(r: RtfState, word: string, param: number | undefined): void {
  const st = r.st;
  if (word === 's' && param !== undefined) {
    st.dest = 'style';
    st.ownsStyle = true;
    r.styleNum = param;
    r.styleName = '';
  } else if ((word === 'cs' || word === 'ds' || word === 'ts') && st.dest === 'stylesheet') {
    // Character, section and table styles name no paragraph.
    st.dest = 'skip';
  }
}

/** A group ends: the footnote or text box it opened is closed, the style it defined recorded. */
export function closeDestination(r: RtfState, done: GroupState): void {
  if (done.ownsSink) {
    const s = done.ownsSink;
    finishSink(r, s);
    r.sinks.pop();
    placeSink(r, s);
    const saved = r.savedParas.pop();
    if (saved) Object.assign(r.para, saved);
  }
  if (done.ownsStyle && r.styleNum !== undefined) {
    r.styles.set(r.styleNum, r.styleName.replace(/;\s*$/, '').trim());
    r.styleNum = undefined;
  }
}

/**
 * A closed sink's blocks: a text box's paragraphs join the flow before the paragraph that
 * anchors it; a footnote's go to the notes at the end.
 */
export function placeSink(r: RtfState, s: Sink): void {
  if (s.id === 'shape') r.sink().blocks.push(...s.blocks);
  else r.notes.push({ kind: 'footnote', id: s.id ?? '', children: s.blocks });
}
