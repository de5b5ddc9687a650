import type { XmlElement } from '@distill/core';
import { builtinFormat } from '../numfmt/builtin.js';
import { at, kid, kids } from '../ooxml/xml.js';

/** The number format code of each cell style index (cellXfs), from xl/styles.xml. */
export function readCellFormats(root: XmlElement | undefined): string[] {
  if (!root) return [];
  const custom = new Map<number, string>();
  for (const f of kids(kid(root, 'numFmts'), 'numFmt')) {
    custom.set(Number(at(f, 'numFmtId')), at(f, 'formatCode') ?? 'General');
  }
  return kids(kid(root, 'cellXfs'), 'xf').map((xf) => {
    const id = Number(at(xf, 'numFmtId') ?? 0);
    return custom.get(id) ?? builtinFormat(id);
  });
}
