/** Prints NID against docling's ground truth: pnpm bench dev office-docling-nid [docx|pptx|xlsx] [-v] */
import { scoreDocling } from '../../../packages/office/src/ooxml/testing/docling.js';

const fmts = (['docx', 'pptx', 'xlsx'] as const).filter(
  (f) => process.argv.length <= 2 || process.argv.includes(f),
);
for (const fmt of fmts) {
  const scores = await scoreDocling(fmt);
  for (const s of scores)
    console.log(
      `${fmt} ${s.file.padEnd(44)} NID ${s.nid.toFixed(3)}${s.missingCells.length ? ` missing cells: ${JSON.stringify(s.missingCells.slice(0, 5))}` : ''}${s.error ? ` ERROR ${s.error}` : ''}`,
    );
  const mean = scores.reduce((a, s) => a + s.nid, 0) / scores.length;
  const missing = scores.reduce((a, s) => a + s.missingCells.length, 0);
  const bare = scores.reduce((a, s) => a + s.nidNoMarkers, 0) / scores.length;
  console.log(
    `${fmt} mean NID ${mean.toFixed(4)} over ${scores.length} files; missing table cells: ${missing}`,
  );
  if (fmt === 'pptx') console.log(`${fmt} mean NID without our slide-number comments ${bare.toFixed(4)}`);
}
