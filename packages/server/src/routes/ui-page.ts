/**
 * The page `GET /` serves: a key field, a drop zone and the spec's parse options; the file goes
 * to `POST /ui/inspect` with the key as a bearer token, and the inspector it answers with is
 * shown in a sandboxed frame. Plain HTML and script, shipped in the package: nothing is
 * fetched but that one request. The page holds no data, so it is served without a key; every
 * request it makes needs one (unless the server runs with --no-auth).
 */
export const UI_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; frame-src 'self' about:";

export function uiPage(noAuth: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>distill</title>
<style>
*{box-sizing:border-box}
html,body{margin:0;height:100%;font:14px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1e293b;background:#f8fafc}
form{display:flex;flex-wrap:wrap;gap:8px 14px;align-items:center;padding:10px 14px;background:#0f172a;color:#e2e8f0}
form h1{font-size:16px;margin:0 8px 0 0}
input[type=text],input[type=password],input[type=number],select{padding:3px 6px;border-radius:4px;border:1px solid #475569;background:#1e293b;color:#e2e8f0}
#drop{padding:6px 14px;border:2px dashed #64748b;border-radius:6px;cursor:pointer}
#drop.over{border-color:#38bdf8;background:#0c4a6e}
button{padding:4px 12px;border-radius:4px;border:0;background:#38bdf8;color:#0f172a;font-weight:600;cursor:pointer}
#status{padding:6px 14px;color:#475569;min-height:30px}
#status.error{color:#b91c1c}
iframe{border:0;width:100%;height:calc(100% - 100px);background:#fff}
</style>
</head>
<body>
<form id="f">
<h1>distill</h1>
<label>API key <input type="password" id="key" autocomplete="off" placeholder="${noAuth ? 'not needed (--no-auth)' : 'Bearer key'}"></label>
<div id="drop" tabindex="0">Drop a file here or click to choose</div>
<input type="file" id="file" hidden>
<label>PDF mode <select id="mode"><option>auto</option><option>fast</option><option>ocr</option></select></label>
<label>max pages <input type="number" id="maxPages" min="1" max="10000" style="width:6em"></label>
<label><input type="checkbox" id="pages"> pages</label>
<label title="the inspector always asks for blocks"><input type="checkbox" id="blocks" checked disabled> blocks</label>
<label><input type="checkbox" id="main" checked> only main content</label>
<label>include tags <input type="text" id="include" placeholder="article, .post" size="12"></label>
<label>exclude tags <input type="text" id="exclude" placeholder="nav, .ads" size="12"></label>
<button type="submit" id="go">Parse</button>
</form>
<div id="status">Choose a document (PDF, DOCX, PPTX, XLSX, HTML, EPUB, …) to see what distill makes of it.</div>
<iframe id="view" title="inspector" sandbox="allow-scripts"></iframe>
<script>
(() => {
'use strict';
const $ = (id) => document.getElementById(id);
let chosen;
const status = (text, error) => {
  $('status').textContent = text;
  $('status').className = error ? 'error' : '';
};
const list = (s) => s.split(',').map((x) => x.trim()).filter(Boolean);
function options() {
  const pdf = { type: 'pdf', mode: $('mode').value, blocks: true };
  if ($('maxPages').value) pdf.maxPages = Number($('maxPages').value);
  if ($('pages').checked) pdf.pages = true;
  const o = { formats: ['markdown'], parsers: [pdf], onlyMainContent: $('main').checked };
  if (list($('include').value).length) o.includeTags = list($('include').value);
  if (list($('exclude').value).length) o.excludeTags = list($('exclude').value);
  return o;
}
async function run() {
  if (!chosen) return status('Choose a file first.', true);
  const body = new FormData();
  body.append('file', chosen, chosen.name);
  body.append('options', JSON.stringify(options()));
  const headers = {};
  if ($('key').value) headers.authorization = 'Bearer ' + $('key').value;
  status('Parsing ' + chosen.name + ' …');
  try {
    const res = await fetch('/ui/inspect', { method: 'POST', body, headers });
    const text = await res.text();
    if (!res.ok) {
      let msg = text;
      try { msg = JSON.parse(text).error || text; } catch {}
      return status(res.status + ': ' + msg, true);
    }
    $('view').srcdoc = text;
    status(chosen.name + ' (' + (res.headers.get('x-distill-blocks') || '?') + ' blocks)');
  } catch (e) {
    status(String(e), true);
  }
}
const pick = (f) => { if (f) { chosen = f; run(); } };
$('drop').addEventListener('click', () => $('file').click());
$('drop').addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') $('file').click(); });
$('file').addEventListener('change', () => pick($('file').files[0]));
$('drop').addEventListener('dragover', (e) => { e.preventDefault(); $('drop').classList.add('over'); });
$('drop').addEventListener('dragleave', () => $('drop').classList.remove('over'));
$('drop').addEventListener('drop', (e) => {
  e.preventDefault();
  $('drop').classList.remove('over');
  pick(e.dataTransfer.files[0]);
});
$('f').addEventListener('submit', (e) => { e.preventDefault(); run(); });
})();
</script>
</body>
</html>
`;
}
