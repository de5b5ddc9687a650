import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simplePdf, textOp } from '../../packages/pdf/src/testing/raw-pdf.js';

/**
 * A small folder of research papers and non-papers, written at test time: an HTML landing page
 * with Highwire citation_* tags (as publishers and repositories emit them), a PDF laid out as
 * a paper (title, author line, abstract, introduction, references citing other DOIs), the
 * paper its references cite (so the index holds one citation), a page saved from the web
 * (browser "saved from url" mark) and a plain local note.
 */
export function writePaperFixtures(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'glp1-landing.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>GLP-1 agonists and cardiovascular outcomes | Journal of Examples</title>
<meta name="citation_title" content="GLP-1 receptor agonists and cardiovascular outcomes: a cohort study">
<meta name="citation_author" content="Okafor, Ngozi">
<meta name="citation_author" content="Lindqvist, Erik">
<meta name="citation_publication_date" content="2024/03/15">
<meta name="citation_doi" content="10.1234/jex.2024.0042">
<meta name="citation_pmid" content="38123456">
<meta name="citation_journal_title" content="Journal of Examples">
</head><body><main><article>
<h1>GLP-1 receptor agonists and cardiovascular outcomes: a cohort study</h1>
<p>Ngozi Okafor, Erik Lindqvist</p>
<h2>Abstract</h2>
<p>We followed 12,000 adults with type 2 diabetes treated with GLP-1 receptor agonists and measured major adverse cardiovascular events over five years. Treatment lowered the hazard of myocardial infarction.</p>
<h2>Introduction</h2><p>Cardiovascular disease remains the leading cause of death in diabetes.</p>
</article></main></body></html>`,
  );
  const pdf = simplePdf(
    [
      textOp(72, 720, 'Sparse Attention for Long Sequence Transformers', 20) +
        textOp(72, 690, 'Mira Chen, Tomas Alvarez', 11) +
        textOp(72, 660, 'arXiv:2403.01234v2 [cs.LG] 4 Mar 2024', 9) +
        textOp(72, 620, 'Abstract', 14) +
        textOp(
          72,
          600,
          'We introduce a sparse attention pattern that lets transformers read sequences of a million',
          10,
        ) +
        textOp(
          72,
          586,
          'tokens with linear memory. On long document benchmarks the method matches dense attention.',
          10,
        ) +
        textOp(72, 540, '1 Introduction', 14) +
        textOp(72, 520, 'Transformers scale quadratically with the length of their input sequence.', 10) +
        textOp(72, 480, 'References', 14) +
        textOp(72, 460, '[1] A. Author. Dense attention. doi:10.9999/cited.2019.1', 10),
    ],
    { info: '<< /Title (sparse_attention_final.pdf) /Author (M. Chen) /Producer (raw-pdf) >>' },
  );
  writeFileSync(join(dir, 'sparse-attention.pdf'), pdf);
  writeFileSync(
    join(dir, 'dense-attention.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Dense attention | Proceedings of Examples</title>
<meta name="citation_title" content="Dense Attention Baselines for Sequence Models">
<meta name="citation_author" content="Author, A.">
<meta name="citation_publication_date" content="2019/06/01">
<meta name="citation_doi" content="10.9999/cited.2019.1">
</head><body><main><article>
<h1>Dense Attention Baselines for Sequence Models</h1>
<h2>Abstract</h2>
<p>We measure dense attention over sequences of growing length and report where its quadratic memory stops scaling on commodity accelerators.</p>
<h2>Introduction</h2><p>Attention compares every token with every other token.</p>
<h2>Memory</h2><p>The memory of dense attention grows with the square of the sequence length, so a sequence twice as long needs four times the memory.</p>
</article></main></body></html>`,
  );
  writeFileSync(
    join(dir, 'saved-page.html'),
    `<!DOCTYPE html>
<!-- saved from url=(0041)https://blog.example.com/posts/tides.html -->
<html><head><title>Reading the tides</title></head><body><main><h1>Reading the tides</h1>
<p>Tide tables predict the height of the sea from the positions of the moon and sun.</p></main></body></html>`,
  );
  writeFileSync(
    join(dir, 'note.html'),
    '<!doctype html><html><head><title>Tide note</title></head><body><p>A local note about tides and the moon.</p></body></html>',
  );
}
