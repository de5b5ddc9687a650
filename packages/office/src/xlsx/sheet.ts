import { saxXml } from '@distill/core';
import { isoToSerial } from '../numfmt/date.js';
import { formatNumber, formatText } from '../numfmt/format.js';
import { parseRange, parseRef, type SheetGrid, setCell } from './grid.js';
import { unescapeOoxml } from './shared-strings.js';

export interface SheetContext {
  sst: string[];
  formats: string[];
  date1904: boolean;
  checkpoint(): void;
}

export interface SheetRefs {
  /** r:id of the sheet's drawing, for charts and shapes. */
  drawing?: string;
}

const local = (n: string) => {
  const i = n.indexOf(':');
  return i < 0 ? n : n.slice(i + 1);
};

/**
 * Streams one worksheet part into the grid: nothing but the cells' displayed strings is kept,
 * so a sheet of hundreds of thousands of rows never becomes a tree.
 */
export function readSheet(xml: string, g: SheetGrid, sc: SheetContext): SheetRefs {
  const refs: SheetRefs = {};
  let row = -1;
  let col = -1;
  let type = '';
  let style = 0;
  let value = '';
  let inlineText = '';
  let inV = false;
  let inIs = false;
  let inT = false;
  let phonetic = 0;
  let count = 0;
  saxXml(xml, {
    open(name, a, self) {
      switch (local(name)) {
        case 'row': {
          row = a.r ? Number(a.r) - 1 : row + 1;
          col = -1;
          if (a.hidden === '1' || a.hidden === 'true') g.hiddenRows.add(row);
          if ((++count & 4095) === 0) sc.checkpoint();
          break;
        }
        case 'c': {
          const p = a.r ? parseRef(a.r) : undefined;
          if (p) {
            row = p[0];
            col = p[1];
          } else col++;
          type = a.t ?? 'n';
          style = a.s ? Number(a.s) : 0;
          value = '';
          inlineText = '';
          if (self) emit();
          break;
        }
        case 'v':
          if (!self) inV = true;
          break;
        case 'is':
          if (!self) inIs = true;
          break;
        case 'rPh':
          if (!self) phonetic++;
          break;
        case 't':
          if (inIs && !self) inT = true;
          break;
        case 'col': {
          if (a.hidden === '1' || a.hidden === 'true') {
            // Excel has 16,384 columns; clamping keeps hostile ranges cheap.
            const lo = Math.max(0, Number(a.min) - 1);
            const hi = Math.min(Number(a.max) - 1, 16383);
            if (g.hiddenCols.size < 16384) for (let c = lo; c <= hi; c++) g.hiddenCols.add(c);
          }
          break;
        }
        case 'mergeCell': {
          const r = a.ref ? parseRange(a.ref) : undefined;
          if (r) g.merges.push(r);
          break;
        }
        case 'drawing':
          for (const k in a) if (k.endsWith(':id')) refs.drawing = a[k];
          break;
      }
    },
    close(name) {
      switch (local(name)) {
        case 'c':
          emit();
          type = '';
          break;
        case 'v':
          inV = false;
          break;
        case 'is':
          inIs = false;
          break;
        case 'rPh':
          phonetic = Math.max(0, phonetic - 1);
          break;
        case 't':
          inT = false;
          break;
      }
    },
    text(t) {
      if (inV) value += t;
      else if (inT && phonetic === 0) inlineText += t;
    },
  });

  function emit(): void {
    if (type === '' || row < 0 || col < 0) return;
    const fmt = sc.formats[style] ?? 'General';
    let out = '';
    switch (type) {
      case 's': {
        const s = sc.sst[Number(value)];
        out = s === undefined ? '' : formatText(s, fmt);
        break;
      }
      case 'inlineStr':
        out = formatText(unescapeOoxml(inlineText), fmt);
        break;
      case 'str':
        out = formatText(unescapeOoxml(value), fmt);
        break;
      case 'b':
        out = value === '' ? '' : value === '1' || value === 'true' ? 'TRUE' : 'FALSE';
        break;
      case 'e':
        out = value;
        break;
      case 'd': {
        const serial = isoToSerial(value, sc.date1904);
        out = serial === undefined ? value : formatNumber(serial, fmt, { date1904: sc.date1904 });
        break;
      }
      default: {
        if (value.trim() === '') break;
        const n = Number(value);
        out = Number.isFinite(n) ? formatNumber(n, fmt, { date1904: sc.date1904 }) : value;
      }
    }
    setCell(g, row, col, out);
    type = '';
  }
  return refs;
}
