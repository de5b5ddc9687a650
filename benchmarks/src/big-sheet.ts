/**
 * One generated spreadsheet of 200,000 rows × 3 columns (number, inline string, fraction)
 * through `parse()`, in a fresh process: wall time, CPU time and peak RSS. Part of
 * `pnpm bench speed office`; writes results/speed-office-big-sheet.json.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeZip } from '@distill/core/testing';
import { parse } from 'distill/internals';
import { machineLine, writeSection } from './results.js';

const NS = 'http://schemas.openxmlformats.org';
const rel = (type: string, target: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/${type}" Target="${target}"/></Relationships>`;

/** The smallest xlsx Excel opens: content types, workbook, one sheet. */
function bigXlsx(rows: number): Uint8Array {
  const xml: string[] = [];
  for (let r = 1; r <= rows; r++)
    xml.push(
      `<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}" t="inlineStr"><is><t>row ${r}</t></is></c><c r="C${r}"><v>${r / 4}</v></c></row>`,
    );
  return makeZip([
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${NS}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ],
    ['_rels/.rels', rel('officeDocument', 'xl/workbook.xml')],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    ['xl/_rels/workbook.xml.rels', rel('worksheet', 'worksheets/sheet1.xml')],
    [
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData>${xml.join('')}</sheetData></worksheet>`,
    ],
  ]);
}

interface Measure {
  rows: number;
  zippedMb: number;
  seconds: number;
  cpuS: number;
  markdownMb: number;
  rssBeforeMb: number;
  peakRssMb: number;
  tableRows: number;
}

async function child(file: string, rows: number): Promise<Measure> {
  const bytes = new Uint8Array(readFileSync(file));
  const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await parse({ data: bytes, filename: 'big.xlsx' }, {});
  const seconds = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const md = r.markdown ?? '';
  return {
    rows,
    zippedMb: bytes.length / 2 ** 20,
    seconds,
    cpuS: (c.user + c.system) / 1e6,
    markdownMb: md.length / 2 ** 20,
    rssBeforeMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    tableRows: (md.match(/^\|/gm) ?? []).length,
  };
}

/** Runs the measurement in a fresh process and writes its section. */
export async function runBigSheet(rows = 200_000): Promise<Measure> {
  const self = fileURLToPath(import.meta.url);
  // Generated here, so the child's memory holds only the file and what parsing it takes.
  const dir = mkdtempSync(join(tmpdir(), 'distill-big-sheet-'));
  const file = join(dir, 'big.xlsx');
  writeFileSync(file, bigXlsx(rows));
  const proc = spawn(process.execPath, [...process.execArgv, self, '--child', file, String(rows)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  proc.stdout.on('data', (d) => {
    text += d;
  });
  const code = await new Promise<number>((r) => proc.once('exit', (c) => r(c ?? 1)));
  rmSync(dir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`big sheet: child exited with ${code}`);
  const m = JSON.parse(text) as Measure;
  const md = [
    '### Speed: speed-office, one 200,000-row sheet',
    '',
    `A generated xlsx of ${m.rows.toLocaleString('en')} rows × 3 columns (number, inline string, fraction; ${m.zippedMb.toFixed(1)} MB zipped) through \`parse()\` in a fresh process: ` +
      `**${m.seconds.toFixed(1)} s** (CPU ${m.cpuS.toFixed(1)} s), ${m.tableRows.toLocaleString('en')} Markdown table lines (${m.markdownMb.toFixed(1)} MB), ` +
      `**peak RSS ${m.peakRssMb.toFixed(0)} MB** (${m.rssBeforeMb.toFixed(0)} MB with the engine loaded and the file read, before parsing).`,
    '',
  ].join('\n');
  writeSection('speed-office-big-sheet', md, m, machineLine());
  console.log(md);
  return m;
}

if (process.argv[2] === '--child') {
  child(process.argv[3], Number(process.argv[4])).then(
    (m) => {
      process.stdout.write(JSON.stringify(m));
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
