import { ratio } from './lcs.js';
import { markdownTablesToHtml } from './markdown-tables.js';
import { collapseWs } from './pytext.js';

/**
 * NID of a Markdown document against its ground truth as corpora/README.md defines it: pipe
 * tables to one-line HTML tables on both sides, whitespace collapsed, then 1 − Indel / (|a| + |b|).
 * The office-vectors suite scores Docling's files with it; package tests import it too, so a
 * test and the benchmark cannot disagree.
 */
export const markdownNid = (gt: string, pred: string) =>
  ratio(collapseWs(markdownTablesToHtml(gt)), collapseWs(markdownTablesToHtml(pred)));
