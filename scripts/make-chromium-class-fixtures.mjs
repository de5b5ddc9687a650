// Prints fixtures/pdf-classes/<name>.html to <name>.pdf with Chromium (playwright-core), for
// page classes a browser draws and LibreOffice does not:
//   zebra-rows         a table shaded on every other row, each cell's fill painted on its own
//   header-band-rules  a header band with white text over body rows parted by rules
//   header-band-wrapped-rules  the same with tight padding and cells (row labels too) wrapped over lines
//   zebra-header-band  zebra stripes under a header band whose cells wrap over figures set flush right, the
//                      first body row wrapped too
//   zebra-band-flush   a header band painted flush on the first stripe (odd rows shaded, the last row bare),
//                      beside a bare header over stripes that start on the second body row
//   zebra-bare-head    bare bold headers set flush right over zebra stripes painted cell by cell, odd rows
//                      shaded and even rows shaded (a bare first body row under the header)
//   row-group-labels   a borderless table whose first column's labels span the rows they group
//   year-group-header  a borderless table whose header centres each year over two columns
//   header-fills-body  headers shaded cell by cell (one row, two with spans) over bare bodies, tight padding
//   tight-cells        borderless tables whose cells sit 6 pt apart (spans, group labels, a rule under the header)
//   statement-totals   financial statements ruled under the header and over the totals only
//   statement-continued  a statement continued over a page break, its header repeated on the next page
//   boxed-list-continued  a boxed one-column list broken by a page break, its title row repeated
//   centred-wrapped-header  borderless tables whose centred header cells wrap onto two lines, the
//                      first column's one-line label centred between them
//   header-at-foot     a captioned table whose header row alone ends a page, repeated over the body on the next
//   header-at-foot-wrapped  the same with the header's cells wrapped over two lines
//   row-ruled-blank    tables ruled only between rows: wrapped cells and a blank "Date" column, a
//                      checklist whose second column is blank, under a paragraph's one-word last line
//   boxed-list-three   a framed one-column list of three unruled items under a filled title band
//   header-rule-wrapped  tables ruled under the header only, cells (a label, a header cell) wrapped over lines
//   header-rule-cut-row  a table ruled under its header only whose row a page break cuts, its last lines
//                      printed under the header repeated on the next page
//   table-cut-apart    a table whose cut row's last column runs on alone at the next page's top, page numbers
//                      at the foot
//   table-continued-caption  an unruled table over four pages, the third opening with "Table 1 (continued)"
//   cell-drawn-rules   a booktabs table (rules over, under the header, under the table) whose rules are
//                      drawn cell by cell, every piece over its narrow columns shorter than a word
//   contents-cell-rules  a contents page set as a two-column table ruled under every entry, cell by cell
//   browser-default-table  a table in the browser's own style (cells 2px apart, no lines), its widest
//                      cells closer to the next column than the space that ends a text item
//   browser-default-centred  the same style, each row's first cell wrapped over two lines and the cells
//                      beside it set in the row's middle, half a line below the first line
//   browser-default-long-cells  rows of one long cell beside short ones: a browser-default table whose last
//                      column describes each row in a line wider than a third of the page, and a zebra
//                      table of short labels beside long values that wrap, a paragraph between them
//   padded-wrapped-rows  a web table with padded top-aligned cells, most of them (the first column's too)
//                      wrapped over two or three lines: rows parted by the padding, not by baselines
//   browser-default-even-cells  a browser-default table whose joined cells' column shows its edge only in two
//                      cells of the same words, which end together as well as start together
//   currency-flush-right  two-column price tables on zebra stripes whose amounts carry a currency sign
//                      ("$4.95", "9 €") and are set flush right, so only their right edge shows the column
//   empty-cells-rows   a browser-default table comparing two offers, many rows filling one figure column only
//   twocol-prose-sidebar  an article in two columns, its left column's prose beside a pricing box of three
//                      short lines that opens the right column (no table: the prose line runs on from the
//                      one over it)
//   twocol-paragraph-sidebar  the same with a space between paragraphs and between the box's first lines: a
//                      paragraph's first line, set a space below the row over it, beside the box's lines
//   twocol-long-both-sides  notes in two columns parted by blank lines, one long line in each column beside a
//                      short line of the other (long pieces in two columns: no table)
// and fixtures/pdf-headings/<name>.html, for heading styles the LibreOffice fixtures lack:
//   colour-titles      section titles marked by colour alone, beside links in colour and a grey source line
//   italic-titles      centred italic sub-section titles at the body size, an italic source line and quotation
//   page-foot-titles   bold titles at the body size, one left at a page's foot by an unbreakable paragraph
//   figure-labels      charts labelled "Exhibit A-1." / "Figure A-2:" in bold or larger, one left at a page's foot
//   caption-titles     charts whose label stands alone ("Diagram 2") with the caption's bold title beside or under it
//   face-titles        sub-section titles marked by their face alone (italic, letter-spaced capitals) at the
//                      body size, set a little closer to their text than a paragraph's break
//   edge-titles        titles over lists and at page edges under a running header and page numbers: white on
//                      a filled band over a list, bold opening a page's body over a list, italic and capitals
//                      left at a page's foot; beside them a bold list label under its paragraph, which stays text
//   tint-band-titles   section titles in black on a light tint band at the body size and weight, beside a
//                      table with a shaded header row and call-out boxes of text on the same tint
//   band-callouts      titles on a tint band at the body size and weight beside call-outs in boxes of the same
//                      tint padded more (a few lines, one line with no closing punctuation) and a line on white
//   tinted-page-bands  a page on a tinted ground: titles on white bands, lines in boxes of the ground's colour
//   run-in-wrapped     two columns of paragraphs whose long bold lead-ins break onto the next line in lower case
//   headless-top-titles  an article with no running header whose bold titles at the body size open page 1
//                      and page 2, a paragraph's space over their text
//   long-display-title a headline at twice the body size wrapped onto four lines, over a four-line lead
//                      paragraph set a quarter larger (text)
//   headless-table-header  a document with no running header whose table repeats its bold header row at
//                      the next page's top (pdf-synth-css seed 3, rule-wrapped--numbered--0)
//   twocol-band-title  an article in two dense columns with no running header whose bold title wraps onto
//                      two lines, the first inside the page's top band with the right column's first lines
//   recurring-titles   a buyer's guide over four pages whose every item has the same bold sub-titles at the
//                      body size ("Pros", "Cons", "Verdict"), set wherever the item's section falls
//   colour-wrapped-title  a large title in the house colour broken over three lines, over section titles in
//                      that colour at the body size and weight (their only mark) and dark grey body text
//   colon-titles       bold section titles at the body size, two ending in a colon, beside a bold "Note:"
//                      set as a paragraph (as much space under it as over it)
//   numbered-item-titles  a bold title at the body size right over bold numbered titles ("1. Pliers"), beside
//                      a bold label right over a numbered list of regular items
//   twocol-top-title   a one-page article in two dense columns whose one-line bold title stands in the page's
//                      top band beside the right column's first lines
//   twocol-display-title  the same page with its title set 1.7 times the body right over the first section's
//                      bold title
//   question-titles    bold section titles a fifth larger than the body put as questions or statements of eight
//                      words or more, under a lead paragraph as large in the body's weight
//   twocol-foot-title  an article in two dense columns over three pages: a section title opens the first page's
//                      right column level with the page's title over the left one, and another is the left
//                      column's last line at the second page's foot (where running footers stand), its text
//                      at the top of the right column
//   size-step-titles   bold section titles a little larger than the body (a twentieth, a sixth) over bold lead
//                      paragraphs at the body size, parted from them by size and a little white, not weight
//   narrow-long-titles  bold section titles a quarter larger than the body, questions and statements of a hundred
//                      characters broken onto three lines in two narrow columns, beside a lead as large in roman
//   run-in-filled      bold lead-ins that fill a justified column's first line and go on at the next with a capital
//                      (German nouns) or under a first-line indent, beside bold titles at the body size
//   hyphen-titles      titles in a narrow column broken by the measure at a compound's own hyphen
// tests/pdf-classes-cli.test.ts and tests/pdf-headings-cli.test.ts read the PDFs through the built
// `distill parse`.
//   node scripts/make-chromium-class-fixtures.mjs [name...]    (default: all listed below)
// Needs Chromium (/usr/bin/chromium or CHROME_PATH).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** The folder under fixtures/ that holds each fixture. */
const folders = {
  'colour-titles': 'pdf-headings',
  'italic-titles': 'pdf-headings',
  'page-foot-titles': 'pdf-headings',
  'figure-labels': 'pdf-headings',
  'caption-titles': 'pdf-headings',
  'face-titles': 'pdf-headings',
  'edge-titles': 'pdf-headings',
  'tint-band-titles': 'pdf-headings',
  'band-callouts': 'pdf-headings',
  'tinted-page-bands': 'pdf-headings',
  'run-in-wrapped': 'pdf-headings',
  'headless-top-titles': 'pdf-headings',
  'long-display-title': 'pdf-headings',
  'headless-table-header': 'pdf-headings',
  'twocol-band-title': 'pdf-headings',
  'recurring-titles': 'pdf-headings',
  'colour-wrapped-title': 'pdf-headings',
  'colon-titles': 'pdf-headings',
  'numbered-item-titles': 'pdf-headings',
  'twocol-top-title': 'pdf-headings',
  'question-titles': 'pdf-headings',
  'twocol-display-title': 'pdf-headings',
  'twocol-foot-title': 'pdf-headings',
  'size-step-titles': 'pdf-headings',
  'narrow-long-titles': 'pdf-headings',
  'run-in-filled': 'pdf-headings',
  'hyphen-titles': 'pdf-headings',
};
const names = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      'colour-titles',
      'italic-titles',
      'page-foot-titles',
      'figure-labels',
      'caption-titles',
      'face-titles',
      'edge-titles',
      'tint-band-titles',
      'band-callouts',
      'tinted-page-bands',
      'run-in-wrapped',
      'headless-top-titles',
      'long-display-title',
      'headless-table-header',
      'twocol-band-title',
      'recurring-titles',
      'colour-wrapped-title',
      'colon-titles',
      'numbered-item-titles',
      'twocol-top-title',
      'question-titles',
      'twocol-display-title',
      'twocol-foot-title',
      'size-step-titles',
      'narrow-long-titles',
      'run-in-filled',
      'hyphen-titles',
      'zebra-rows',
      'header-band-rules',
      'header-band-wrapped-rules',
      'zebra-header-band',
      'zebra-band-flush',
      'zebra-bare-head',
      'row-group-labels',
      'year-group-header',
      'header-fills-body',
      'tight-cells',
      'statement-totals',
      'statement-continued',
      'boxed-list-continued',
      'centred-wrapped-header',
      'header-at-foot',
      'header-at-foot-wrapped',
      'row-ruled-blank',
      'boxed-list-three',
      'header-rule-wrapped',
      'header-rule-cut-row',
      'table-continued-caption',
      'table-cut-apart',
      'cell-drawn-rules',
      'contents-cell-rules',
      'browser-default-table',
      'browser-default-centred',
      'browser-default-long-cells',
      'padded-wrapped-rows',
      'browser-default-even-cells',
      'currency-flush-right',
      'empty-cells-rows',
      'twocol-prose-sidebar',
      'twocol-paragraph-sidebar',
      'twocol-long-both-sides',
    ];
/** Fixtures printed with Chromium's own page numbers at the foot of each page. */
const pageNumbers = new Set(['table-cut-apart']);
const footer = `<div style="font-size: 8pt; font-family: 'Liberation Sans'; width: 100%; margin: 0 2cm; display: flex; justify-content: center;"><span>Page <span class="pageNumber"></span></span></div>`;
const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromiumSandbox: false,
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const name of names) {
  const dir = join(fixtures, folders[name] ?? 'pdf-classes');
  await page.goto(`file://${join(dir, `${name}.html`)}`);
  await page.pdf({
    path: join(dir, `${name}.pdf`),
    preferCSSPageSize: true,
    printBackground: true,
    ...(pageNumbers.has(name)
      ? { displayHeaderFooter: true, headerTemplate: '<span></span>', footerTemplate: footer }
      : {}),
  });
}
await browser.close();
