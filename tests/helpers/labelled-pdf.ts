import { simplePdf, textOp } from '../../packages/pdf/src/testing/raw-pdf.js';

/**
 * A report of six pages written at test time, as a typesetter would number it: roman front
 * matter (i, ii), the body from 1, and an appendix numbered A-1, declared in the catalog's
 * /PageLabels number tree (ISO 32000-1 §12.4.2). Every body page has a running header and a
 * footer with its printed number, so the same file tests page furniture.
 */
export const LABELS = ['i', 'ii', '1', '2', '3', 'A-1'];

const para = (y: number, lines: string[]) => lines.map((l, i) => textOp(72, y - i * 14, l, 11)).join('');

const BODY: { title: string; lines: string[] }[] = [
  {
    title: 'Harbour Survey 2024',
    lines: [
      'A report on the state of the north and south harbour walls, the moorings and the',
      'causeway, written for the harbour board after the spring survey of 2024.',
    ],
  },
  {
    title: 'Contents',
    lines: ['Introduction, page 1. Methods, page 2. Findings, page 3. Survey data, page A-1.'],
  },
  {
    title: 'Introduction',
    lines: [
      'The harbour walls were surveyed in March and April. Each station was visited twice at',
      'low water and its retreat measured against the markers set in 2019. This report gives',
      'the methods, the findings and the full survey data in an appendix.',
    ],
  },
  {
    title: 'Methods',
    lines: [
      'Surveyors walked the wall at spring low tide with a laser level and a steel tape. The',
      'markers were read to the nearest centimetre, twice, and the mean of the two readings',
      'kept. Where a marker was lost the nearest sound stone was used and noted as such.',
    ],
  },
  {
    title: 'Findings',
    lines: [
      'The north wall retreated by eighteen centimetres on average, the south wall by six.',
      'The causeway is sound. Repairs to the north wall should start before the autumn',
      'storms, beginning with the three stations where the retreat passed thirty centimetres.',
    ],
  },
  {
    title: 'Appendix A: Survey data',
    lines: [
      'Station North Point retreated 1.8 metres over five years, Harbour Wall 0.1 metres and',
      'Lighthouse Steps 0.6 metres. The readings of every visit are kept by the harbour office.',
    ],
  },
];

export function labelledPdf(): Uint8Array {
  const pages = BODY.map((b, i) => {
    const body = textOp(72, 700, b.title, 18) + para(670, b.lines);
    // Front matter has no running header or footer; the body and appendix have both.
    if (i < 2) return body;
    return (
      textOp(72, 770, 'Harbour Survey 2024 - Report to the Board', 9) +
      body +
      textOp(300, 30, `Page ${LABELS[i]}`, 9)
    );
  });
  return simplePdf(pages, {
    catalog: '/PageLabels << /Nums [0 << /S /r >> 2 << /S /D >> 5 << /S /D /P (A-) >>] >>',
  });
}
