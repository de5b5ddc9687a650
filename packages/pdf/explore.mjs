import fs from 'node:fs';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

const f = process.argv[2];
const doc = await getDocument({
  data: new Uint8Array(fs.readFileSync(f)),
  verbosity: 0,
  isEvalSupported: false,
  disableFontFace: true,
  useSystemFonts: false,
}).promise;
const p = await doc.getPage(1);
let t = performance.now();
const tc = await p.getTextContent();
console.log('tc ms', performance.now() - t);
for (const k of Object.keys(tc.styles)) console.log(k, p.commonObjs.has(k));
t = performance.now();
const ol = await p.getOperatorList();
console.log('ol ms', performance.now() - t, ol.fnArray.length);
for (const k of Object.keys(tc.styles)) {
  const o = p.commonObjs.has(k) && p.commonObjs.get(k);
  console.log(k, o && o.name, o && o.bold, o && o.black, o && o.italic);
}
const names = Object.fromEntries(Object.entries(OPS).map(([k, v]) => [v, k]));
const counts = {};
ol.fnArray.forEach((fn, i) => {
  counts[names[fn]] = (counts[names[fn]] || 0) + 1;
});
console.log(counts);
const i = ol.fnArray.indexOf(OPS.constructPath);
if (i >= 0) console.log(JSON.stringify(ol.argsArray[i]).slice(0, 500));
