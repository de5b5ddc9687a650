/** Prints the sheetjs cell agreement per workbook: pnpm bench dev office-sheet-agreement [-v] [--legacy] (--legacy adds the xls and ods copies; an ods is scored against the same workbook's Excel export) */
import {
  sheetAgreement,
  sheetjsWorkbooks,
} from '../../../packages/office/src/ooxml/testing/sheet-agreement.js';

let e = 0;
let m = 0;
for (const f of sheetjsWorkbooks(process.argv.includes('--legacy'))) {
  const a = await sheetAgreement(f).catch((err) => ({
    file: f,
    expected: 0,
    matched: 0,
    misses: [{ sheet: 'error', value: String(err) }],
  }));
  e += a.expected;
  m += a.matched;
  console.log(
    `${f.padEnd(32)} ${a.matched}/${a.expected} = ${((100 * a.matched) / Math.max(1, a.expected)).toFixed(2)}%`,
  );
  if (process.argv.includes('-v'))
    for (const x of a.misses.slice(0, 40)) console.log('   miss', JSON.stringify(x));
}
console.log(`all ${m}/${e} = ${((100 * m) / Math.max(1, e)).toFixed(2)}%`);
