import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse } from 'parse5';
const [id, needle] = process.argv.slice(2);
const html = gunzipSync(readFileSync(`/work/shared/corpora/html/wcxb-dev/html/${id}.html.gz`)).toString();
const doc = parse(html, { scriptingEnabled: false });
const stack: any[] = [doc];
while (stack.length) {
  const n = stack.pop();
  if (n.nodeName === '#text' && n.value.includes(needle)) {
    let p = n.parentNode;
    while (p) { console.log(p.tagName, JSON.stringify((p.attrs ?? []).map((a: any) => `${a.name}=${a.value.slice(0, 60)}`))); p = p.parentNode; }
    break;
  }
  for (const c of n.childNodes ?? []) stack.push(c);
}
