import { CLIENT_JS } from './client.js';
import type { BoxClass, InspectData } from './model.js';
import { COLOURS, CSS } from './styles.js';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> element: `<` escaped so no `</script>` or `<!--` in the data ends it. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * No network at view time, enforced rather than promised: the page may load images only from
 * data: URIs and nothing else from anywhere.
 */
const CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'";

function legend(data: InspectData): string {
  const counts = new Map<BoxClass, number>();
  for (const b of data.blocks) counts.set(b.cls, (counts.get(b.cls) ?? 0) + 1);
  return Object.keys(COLOURS)
    .filter((k) => counts.has(k as BoxClass))
    .map((k) => `<span class="k-${k}">${k} ${counts.get(k as BoxClass)}</span>`)
    .join('');
}

/**
 * The inspector as one self-contained HTML document: styles, script, data and page images
 * inline, the page images last: the script runs before the browser has read them, so a long
 * document's report is ready at once and draws each page when its image arrives. The same data gives the same bytes (no clock, no random ids, maps in page order),
 * so reports can be diffed and cached.
 */
export function renderInspector(data: InspectData): string {
  const drawn = data.blocks.filter((b) => (data.layout ? b.bbox : true)).length;
  const ocrPages = data.pages.filter((p) => p.ocrReason).length;
  const meta = [
    data.format.toUpperCase(),
    data.layout ? `${data.pages.length} page${data.pages.length === 1 ? '' : 's'}` : undefined,
    `${data.blocks.length} block${data.blocks.length === 1 ? '' : 's'}`,
    ocrPages ? `${ocrPages} OCR'd` : undefined,
    data.options || undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  const json = {
    markdown: data.markdown,
    layout: data.layout,
    pages: data.pages,
    blocks: data.blocks,
    imageNote: data.imageNote,
  };
  const images = [...data.images.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(
      ([n, im]) =>
        `<script type="text/plain" id="img-${n}" data-mime="${esc(im.mime)}" data-w="${im.widthPx}" data-h="${im.heightPx}">${im.base64}</script>`,
    )
    .join('\n');
  const notes = [...(data.imageNote && data.layout ? [data.imageNote] : []), ...data.warnings];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="generator" content="distill inspect">
<title>distill inspect: ${esc(data.file)}</title>
<style>${CSS}</style>
</head>
<body data-blocks="${data.blocks.length}" data-drawable="${drawn}" data-layout="${data.layout ? 1 : 0}">
<header><h1>${esc(data.file)}</h1><span class="meta">${esc(meta)}</span></header>
<div class="legend">${legend(data)}</div>
${notes.length ? `<div class="warn">${esc(notes.join('\n'))}</div>` : ''}
<main><section id="pages" aria-label="${data.layout ? 'pages' : 'blocks'}"></section><section id="md" aria-label="Markdown"><pre id="mdtext"></pre></section></main>
<script type="application/json" id="distill-data">${scriptJson(json)}</script>
<script>${CLIENT_JS}</script>
${images}
</body>
</html>
`;
}
