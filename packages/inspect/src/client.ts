/**
 * The inspector's script, shipped inline in every report (no framework, nothing fetched). It
 * reads the JSON data island, writes the Markdown with one span per block, and draws each
 * page (image and boxes) only when it comes near the viewport, so a thousand-page report
 * opens at once and holds only the pages looked at. Kept as plain ES2020 in a string: the
 * report must run as it is written, whatever build made the package.
 */
export const CLIENT_JS = `(() => {
'use strict';
const D = JSON.parse(document.getElementById('distill-data').textContent);
const md = D.markdown;
const blocks = D.blocks;
const mdSpans = new Map();
const boxes = new Map();
const pageEls = new Map();
const built = new Set();

// The Markdown, one span per block (spans do not overlap: top-level blocks or list items).
const pre = document.getElementById('mdtext');
const bySpan = blocks.map((b, i) => i).filter((i) => blocks[i].span[1] > blocks[i].span[0]);
bySpan.sort((a, b) => blocks[a].span[0] - blocks[b].span[0] || a - b);
// In chunks of blocks the browser lays out only when near the viewport (content-visibility),
// so the Markdown of a thousand pages costs what one screen of it does.
const frag = document.createDocumentFragment();
const newChunk = () => {
  const c = document.createElement('div');
  c.className = 'mdchunk';
  return c;
};
let chunk = newChunk();
let inChunk = 0;
let at = 0;
for (const i of bySpan) {
  const [s, e] = blocks[i].span;
  if (s < at) continue;
  if (s > at) chunk.append(md.slice(at, s));
  if (inChunk === 100) {
    frag.append(chunk);
    chunk = newChunk();
    inChunk = 0;
  }
  const sp = document.createElement('span');
  sp.className = 'md k-' + blocks[i].cls;
  sp.dataset.i = String(i);
  sp.textContent = md.slice(s, e);
  chunk.append(sp);
  inChunk++;
  mdSpans.set(i, sp);
  at = e;
}
chunk.append(md.slice(at));
frag.append(chunk);
pre.append(frag);

const tagText = (b) => '#' + (b.order + 1) + ' ' + b.type + (b.ocr !== undefined ? ' · OCR ' + Math.round(b.ocr * 100) + '%' : '');
const pct = (v) => (v * 100).toFixed(3) + '%';

// A ruled table's cells, each drawn whole (a merged cell has no line through it).
function gridLines(box, b) {
  const [x0, y0, x1, y1] = b.bbox;
  const w = x1 - x0;
  const h = y1 - y0;
  if (w <= 0 || h <= 0) return;
  const { cols, rows, cells } = b.grid;
  for (const [r, c, rs, cs] of cells) {
    const g = document.createElement('div');
    g.className = 'cell';
    g.style.left = pct((cols[c] - x0) / w);
    g.style.top = pct((rows[r] - y0) / h);
    g.style.width = pct((cols[c + cs] - cols[c]) / w);
    g.style.height = pct((rows[r + rs] - rows[r]) / h);
    box.append(g);
  }
}

// Page images come after this script in the file, so a long report is usable while the
// browser still reads them: a page whose image is not parsed yet looks again shortly.
function attachImage(n, el) {
  const img = document.getElementById('img-' + n);
  // The parser may have read only part of an element's text: it is whole once a later
  // element exists or the document is read.
  const loading = document.readyState === 'loading';
  if (img && (!loading || img.nextElementSibling)) {
    const im = document.createElement('img');
    im.alt = 'page ' + n;
    im.src = 'data:' + img.dataset.mime + ';base64,' + img.textContent.trim();
    el.prepend(im);
  } else if (loading) {
    setTimeout(() => attachImage(n, el), 30);
  } else {
    const no = document.createElement('div');
    no.className = 'noimg';
    no.textContent = D.imageNote || 'no page image';
    el.prepend(no);
  }
}

function buildPage(n) {
  if (built.has(n)) return;
  built.add(n);
  const el = pageEls.get(n);
  if (!el) return;
  attachImage(n, el);
  blocks.forEach((b, i) => {
    if (b.page !== n || !b.bbox) return;
    const [x0, y0, x1, y1] = b.bbox;
    const box = document.createElement('div');
    box.className = 'box k-' + b.cls;
    box.dataset.i = String(i);
    box.title = b.label + ': ' + b.excerpt;
    box.style.left = pct(x0);
    box.style.top = pct(y0);
    box.style.width = pct(Math.max(0.002, x1 - x0));
    box.style.height = pct(Math.max(0.002, y1 - y0));
    const tag = document.createElement('span');
    tag.className = 'tag';
    tag.textContent = tagText(b);
    box.append(tag);
    if (b.grid) gridLines(box, b);
    el.append(box);
    boxes.set(i, box);
  });
}

const left = document.getElementById('pages');
if (D.layout) {
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) if (e.isIntersecting) buildPage(Number(e.target.dataset.n));
    },
    { root: left, rootMargin: '600px 0px' },
  );
  for (const p of D.pages) {
    const head = document.createElement('div');
    head.className = 'pagehead';
    head.textContent = 'Page ' + p.n + (p.status && p.status !== 'ok' ? ' · ' + p.status : '');
    if (p.ocrReason) {
      const o = document.createElement('span');
      o.className = 'ocr';
      o.textContent = 'OCR: ' + p.ocrReason;
      head.append(o);
    }
    const el = document.createElement('div');
    el.className = 'page';
    el.dataset.n = String(p.n);
    el.style.aspectRatio = (p.width || 612) + ' / ' + (p.height || 792);
    left.append(head, el);
    pageEls.set(p.n, el);
    io.observe(el);
  }
} else {
  const list = document.createElement('div');
  list.className = 'cards';
  blocks.forEach((b, i) => {
    const c = document.createElement('div');
    c.className = 'card box k-' + b.cls;
    c.dataset.i = String(i);
    const k = document.createElement('span');
    k.className = 'kind';
    k.textContent = '#' + (b.order + 1) + ' ' + b.label;
    c.append(k);
    if (b.prov) {
      const p = document.createElement('span');
      p.className = 'prov';
      p.textContent = b.prov;
      c.append(p);
    }
    const t = document.createElement('div');
    t.className = 'text';
    t.textContent = b.excerpt;
    c.append(t);
    list.append(c);
    boxes.set(i, c);
  });
  left.append(list);
}

// Hover and click, both ways: a box lights its Markdown span, a span its box.
let hover = -1;
let active = -1;
const mark = (i, cls, on) => {
  mdSpans.get(i)?.classList.toggle(cls, on);
  boxes.get(i)?.classList.toggle(cls, on);
};
const idxOf = (t) => {
  const el = t instanceof Element ? t.closest('[data-i]') : null;
  return el ? Number(el.dataset.i) : -1;
};
function setHover(i) {
  if (i === hover) return;
  if (hover >= 0) mark(hover, 'hl', false);
  hover = i;
  if (i >= 0) mark(i, 'hl', true);
}
function setActive(i, from) {
  if (active >= 0) mark(active, 'active', false);
  active = i;
  if (i < 0) return;
  if (D.layout) buildPage(blocks[i].page);
  mark(i, 'active', true);
  const other = from === 'md' ? boxes.get(i) : mdSpans.get(i);
  other?.scrollIntoView({ block: 'center' });
  document.body.dataset.active = String(i);
}
for (const [root, from] of [[left, 'page'], [pre, 'md']]) {
  root.addEventListener('mouseover', (e) => setHover(idxOf(e.target)));
  root.addEventListener('mouseleave', () => setHover(-1));
  root.addEventListener('click', (e) => {
    const i = idxOf(e.target);
    if (i >= 0) setActive(i, from);
  });
}
document.body.dataset.ready = '1';
})();`;
