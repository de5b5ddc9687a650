/** Box colours by class; the legend, the boxes and the Markdown spans share them. */
export const COLOURS: Record<string, string> = {
  heading: '#d97706',
  text: '#2563eb',
  list: '#16a34a',
  table: '#dc2626',
  figure: '#7c3aed',
  furniture: '#6b7280',
  formula: '#db2777',
  code: '#0891b2',
  caption: '#a16207',
  footnote: '#475569',
  other: '#334155',
};

const perClass = Object.entries(COLOURS)
  .map(
    ([k, c]) =>
      `.k-${k}{--c:${c}}.legend .k-${k}::before{background:${c}}` +
      `.md.k-${k}.hl,.md.k-${k}.active{background:${c}26;outline:1px solid ${c}}`,
  )
  .join('\n');

/** The page's CSS: two panes, pages stacked on the left, the Markdown on the right. */
export const CSS = `
*{box-sizing:border-box}
html,body{margin:0;height:100%;font:13px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1e293b;background:#f1f5f9}
header{padding:8px 14px;background:#0f172a;color:#e2e8f0;display:flex;flex-wrap:wrap;gap:4px 16px;align-items:baseline}
header h1{font-size:15px;margin:0;font-weight:600}
header .meta{color:#94a3b8}
.legend{display:flex;flex-wrap:wrap;gap:4px 10px;padding:6px 14px;background:#e2e8f0;border-bottom:1px solid #cbd5e1}
.legend span::before{content:"";display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px;vertical-align:-1px}
.warn{padding:4px 14px;background:#fef3c7;color:#78350f;border-bottom:1px solid #fcd34d;white-space:pre-wrap}
main{display:flex;height:calc(100% - 90px);min-height:300px}
#pages,#md{overflow:auto;height:100%}
#pages{flex:1 1 55%;padding:12px;border-right:1px solid #cbd5e1}
#md{flex:1 1 45%;padding:12px;background:#fff}
#mdtext{margin:0;white-space:pre-wrap;word-break:break-word;font:12px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.mdchunk{content-visibility:auto;contain-intrinsic-size:auto 1500px}
.md{cursor:pointer;border-radius:2px}
.md.active{box-shadow:0 0 0 2px var(--c)}
.pagehead{margin:10px 0 4px;color:#475569;font-weight:600}
.pagehead .ocr{margin-left:8px;padding:1px 6px;border-radius:8px;background:#fde68a;color:#78350f;font-weight:500}
.page{position:relative;width:100%;max-width:900px;background:#fff;box-shadow:0 1px 3px #0003;overflow:hidden}
.page img{position:absolute;inset:0;width:100%;height:100%;display:block;user-select:none}
.page .noimg{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;color:#94a3b8}
.box{position:absolute;border:2px solid var(--c);background:transparent;cursor:pointer}
.box:hover,.box.hl{background:color-mix(in srgb,var(--c) 18%,transparent)}
.box.active{background:color-mix(in srgb,var(--c) 26%,transparent);box-shadow:0 0 0 3px var(--c)}
.box .tag{position:absolute;left:-2px;top:-16px;padding:0 4px;font:10px/14px system-ui,sans-serif;color:#fff;background:var(--c);border-radius:3px 3px 0 0;white-space:nowrap;pointer-events:none}
.cell{position:absolute;border:1px dashed var(--c);pointer-events:none}
.cards{display:flex;flex-direction:column;gap:6px}
.card{position:relative;border:2px solid var(--c);border-left-width:6px;background:#fff;padding:6px 8px;border-radius:4px;cursor:pointer}
.card:hover,.card.hl{background:color-mix(in srgb,var(--c) 10%,#fff)}
.card.active{box-shadow:0 0 0 3px var(--c)}
.card .kind{font-weight:600;color:var(--c)}
.card .prov{color:#64748b;margin-left:8px}
.card .text{margin-top:2px;white-space:pre-wrap;color:#334155}
${perClass}
`;
