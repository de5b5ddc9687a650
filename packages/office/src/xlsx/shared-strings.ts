import { saxXml } from '@distill/core';

/**
 * Reads the shared-string table by streaming: each `si` is the text of its `t` elements,
 * leaving out phonetic runs (`rPh`), which are reading aids and not shown in the cell.
 */
export function readSharedStrings(xml: string): string[] {
  const out: string[] = [];
  let cur = '';
  let inSi = false;
  let inT = false;
  let phonetic = 0;
  saxXml(xml, {
    open(name, _attrs, self) {
      const l = local(name);
      if (l === 'si') {
        inSi = true;
        cur = '';
      } else if (l === 'rPh' && !self) phonetic++;
      else if (l === 't' && !self) inT = true;
    },
    close(name) {
      const l = local(name);
      if (l === 'si') {
        out.push(cur);
        inSi = false;
      } else if (l === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (l === 't') inT = false;
    },
    text(t) {
      if (inSi && inT && phonetic === 0) cur += t;
    },
  });
  return out.map(unescapeOoxml);
}

const local = (n: string) => {
  const i = n.indexOf(':');
  return i < 0 ? n : n.slice(i + 1);
};

/** `_x000D_`-style escapes of characters XML cannot hold. */
export function unescapeOoxml(s: string): string {
  if (!s.includes('_x')) return s;
  return s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}
