import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Issue 20 through the built `distill parse`: headings found from evidence that holds in any
// language and house style (numbering depth, weight, size over the body, spacing, position),
// on LibreOffice PDFs made by scripts/make-heading-fixtures.sh and Chromium ones made by
// scripts/make-chromium-class-fixtures.mjs (fixtures/pdf-headings).

const fixture = (name: string) => resolve(ROOT, 'fixtures/pdf-headings', `${name}.pdf`);
const headings = (md: string) => md.split('\n').filter((l) => /^#{1,6} /.test(l));

beforeAll(() => {
  requireBuilt();
});

describe('PDF headings through the CLI', { timeout: 300_000 }, () => {
  it('reads numbered sections set in the body size and weight, the depth giving the level', async () => {
    const r = await distill(['parse', fixture('numbered-sections')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Land registers of the northern districts',
      '## 1 Scope',
      '### 1.1 Districts covered',
      '### 1.2 Period of the survey',
      '## 2 Method',
      '### 2.1 Sampling of parcels',
      '### 2.2 Checks between offices',
    ]);
    // The title line is parted from the paragraph set close under it, whose text stays whole.
    expect(r.stdout).toMatch(/^## 1 Scope\n\nEach district office kept its own register/m);
  });

  it('reads numbered titles of one level in sequence as sections, one opening a page, and no numbered list', async () => {
    // fixtures/pdf-headings/numbered-flat.pdf (scripts/make-heading-fixtures.sh): "1 Scope",
    // "2 Method", "3 Findings of the survey" at the body size and weight, no "1.1" anywhere, each
    // over paragraphs; "2 Method" opens page 2 where a running header would be. The numbered
    // list under "The registers were read in this order:" has its items one under the other.
    const r = await distill(['parse', fixture('numbered-flat')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Land registers of the southern districts',
      '## 1 Scope',
      '## 2 Method',
      '## 3 Findings of the survey',
    ]);
    expect(r.stdout).toMatch(/^1 Holdings entered before the war$/m);
    expect(r.stdout).toMatch(/^2 Holdings entered after it$/m);
  });

  it('reads bold titles of a German report as headings, and a bold sentence in the text as text', async () => {
    const r = await distill(['parse', fixture('bold-headings-de')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Küstenrückgang am Nordufer',
      '## Einleitung',
      '## Messverfahren und Stationen',
      '## Ergebnisse',
      '## Schlussfolgerungen',
    ]);
    expect(r.stdout).toMatch(/^Die Werte des Jahres 2023 sind vorläufig\. Die Messungen/m);
  });

  it('makes no heading of a running title set larger than the headings, and keeps it as text when asked', async () => {
    const r = await distill(['parse', fixture('running-title')]);
    expect(r.status, r.stderr).toBe(0);
    const sections = [
      '# Traffic in the year',
      '# Berths and moorings',
      '# Dredging of the channel',
      '# Accounts of the board',
    ];
    expect(headings(r.stdout)).toEqual(sections);
    expect(r.stdout).not.toContain('Annual Report of the Harbour Board');
    const kept = await distill(['parse', fixture('running-title'), '--furniture', 'keep']);
    expect(kept.status, kept.stderr).toBe(0);
    // Kept on each of the three pages, as text: the headings are the same level-1 sections.
    expect(kept.stdout.match(/^Annual Report of the Harbour Board$/gm)).toHaveLength(3);
    expect(headings(kept.stdout)).toEqual(sections);
  });
  it('reads titles marked by colour alone as headings, and no link or grey note in colour', async () => {
    // fixtures/pdf-headings/colour-titles.pdf, printed by Chromium (scripts/make-chromium-class-fixtures.mjs).
    const r = await distill(['parse', fixture('colour-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Ferry services on the inner lakes',
      '## Routes and timetables',
      '## Winter service',
      '## Summer service',
      '## Fares and passes',
    ]);
    // A link on a line of its own, in the titles' blue, and a small grey source line stay text.
    expect(r.stdout).toMatch(/^<https:\/\/example\.org\/summer>$/m);
    expect(r.stdout).toMatch(/^Source: pier counts of the lake board, winter season$/m);
  });
  it('reads italic sub-section titles at the body size as headings, and no italic source or quotation', async () => {
    // fixtures/pdf-headings/italic-titles.pdf, printed by Chromium (scripts/make-chromium-class-fixtures.mjs).
    const r = await distill(['parse', fixture('italic-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Orchards of the lower valley',
      '## The harvest',
      '### Apples and pears',
      '### Plums and cherries',
      '## The trees',
      '### Replanting',
    ]);
    // An italic source under a table (closer to it than to the text below) and a quotation stay text.
    expect(r.stdout).toMatch(/^Source: growers' returns, autumn$/m);
    expect(r.stdout).toMatch(/We had never seen so many plums on the trees/);
  });
  it('reads a title left at the foot of a page as a heading, not as a running footer', async () => {
    // fixtures/pdf-headings/page-foot-titles.pdf: the paragraph under "Repairs made this year"
    // may not break, so it starts page 2 and the title closes page 1.
    const r = await distill(['parse', fixture('page-foot-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Water supply of the hill villages',
      '## Repairs made this year',
      '## Plans for the next five years',
    ]);
  });
  it("reads no heading in the labels of charts, bold, larger or left at a page's foot", async () => {
    // fixtures/pdf-headings/figure-labels.pdf (Chromium): lettered, dashed numbers ("Exhibit A-1.",
    // "Figure A-2:"), one label bold at the body size, one italic and larger; "Figure 3:" bold
    // and left at page 1's foot (its chart went to page 2), where layout labels a running footer.
    const r = await distill(['parse', fixture('figure-labels')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Water supply of the hill villages',
      '## Flow at the springs',
      '## Leaks in the pipes',
    ]);
    expect(r.stdout).toMatch(/^Exhibit A-1\. Flow of the upper springs in late summer$/m);
    expect(r.stdout).toMatch(/^Figure A-2: Flow of the lower springs and the wells$/m);
    expect(r.stdout).toMatch(/^Figure 3: Leaks found on each village's pipes$/m);
  });
  it('reads no heading in a caption title set beside or under its label alone', async () => {
    // fixtures/pdf-headings/caption-titles.pdf (Chromium): "Diagram 2" with a bold two-line title
    // to its right, "Figure 4" over a centred bold title set larger, each over a chart.
    const r = await distill(['parse', fixture('caption-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Meetings on the village water rate',
      '## Who came to the meetings',
      '## What they asked',
    ]);
    expect(r.stdout).toMatch(/^People at each of the eleven meetings,$/m);
    expect(r.stdout).toMatch(/^Questions asked at the meetings, by subject$/m);
  });
  it('reads titles in capitals at the body size as headings, and no other capitals', async () => {
    const r = await distill(['parse', fixture('caps-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Nitrate in the wells of the upper valley',
      '## INTRODUCTION',
      '## MATERIALS AND METHODS',
      '## RESULTS',
      '## SAMPLER ON DUTY',
      '## DISCUSSION AND OUTLOOK',
    ]);
    // An acronym alone on its line is text; the table's header row in capitals stays its header.
    expect(r.stdout).toMatch(/^OECD$/m);
    expect(r.stdout).toContain('| WELL | NITRATE | PHOSPHATE |');
    // The form's labels in capitals are text, their blanks kept.
    expect(r.stdout).toMatch(/^NAME [\\_]+ DATE [\\_]+$/m);
    // The running header and footer in capitals at the body size are furniture, not headings.
    expect(r.stdout).not.toContain('QUARTERLY REPORT OF THE WATER BOARD');
    expect(r.stdout).not.toContain('FOR INTERNAL USE ONLY');
    const kept = await distill(['parse', fixture('caps-titles'), '--furniture', 'keep']);
    expect(kept.stdout.match(/^QUARTERLY REPORT OF THE WATER BOARD$/gm)).toHaveLength(2);
    expect(headings(kept.stdout)).toEqual(headings(r.stdout));
  });

  it('reads titles in Cyrillic capitals as headings', async () => {
    const r = await distill(['parse', fixture('caps-titles-ru')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Нитраты в колодцах верхней долины',
      '## ВВЕДЕНИЕ',
      '## МАТЕРИАЛЫ И МЕТОДЫ',
      '## РЕЗУЛЬТАТЫ',
    ]);
  });

  it('reads titles at the body size that open a page as headings, where a running header would sit', async () => {
    const r = await distill(['parse', fixture('page-top-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Water meters in the old town',
      '### 1.1 Meters read by the owners',
      '### 1.2 Meters read by hand',
      '## RESULTS AND COSTS',
    ]);
    // The line in capitals over the first page stands apart from what follows: text, as a
    // running header on a page of its own is.
    expect(r.stdout).toMatch(/^INTERNAL DRAFT$/m);
    // Each title is parted from its text, which stays whole.
    expect(r.stdout).toMatch(/^### 1\.2 Meters read by hand\n\nEvery meter in the old town/m);
  });

  it('reads a title in capitals broken onto a second line as one heading, and a notice in capitals as text', async () => {
    const r = await distill(['parse', fixture('caps-two-lines')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Orchards of the northern parishes',
      '## INTRODUCTION',
      '## ORCHARD TREES COUNTED THROUGHOUT THE NORTHERN PARISHES DURING CONSECUTIVE SPRING SURVEY CAMPAIGNS',
      '## DISEASES, PESTS AND FROST DAMAGE RECORDED BY WARDENS OF NORTHERNMOST PARISH ORCHARDS',
    ]);
    // The notice is a sentence in capitals over two lines: a paragraph.
    expect(r.stdout).toMatch(
      /^ALL FIGURES IN THIS SECTION ARE PROVISIONAL UNTIL THE PARISH COUNCILS HAVE\nAPPROVED/m,
    );
    // The title's second line is not left behind as text of its own.
    expect(r.stdout).not.toMatch(/^PARISH ORCHARDS$/m);
  });

  it('reads titles in capitals of short words only as headings, and acronyms alone on a line as text', async () => {
    const r = await distill(['parse', fixture('caps-short-words')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Footpaths of the upper valley',
      '## WHO WE ARE',
      '## WHAT IS NEW',
      '## HOW TO JOIN',
    ]);
    expect(r.stdout).toMatch(/^OECD$/m);
    expect(r.stdout).toMatch(/^EU \/ UN$/m);
  });

  it('reads bold titles set apart from the text above as headings, over a list as over a paragraph', async () => {
    const r = await distill(['parse', fixture('bold-titles-over-lists')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Rules of the joinery workshop',
      '## Opening hours',
      '## Tools members bring',
      '## Before leaving the bench',
      '## Lost work',
    ]);
    expect(r.stdout).toContain(
      '## Tools members bring\n\n* A pencil, a steel rule and a square of their own\n',
    );
  });

  it('parts titles marked by their face alone (italic, capitals) from the paragraph set close under them', async () => {
    // fixtures/pdf-headings/face-titles.pdf (Chromium): italic and letter-spaced capital titles at
    // the body size, a third of a line closer to their text than a paragraph's break, each too
    // long to be a short line over a full one. A paragraph opening with a whole line in italic or
    // in capitals, at the paragraph's leading, is no title.
    const r = await distill(['parse', fixture('face-titles')]);
    expect(r.status, r.stderr).toBe(0);
    // Levels are left to the size tiers (both faces are at the body size); the titles are tested.
    expect(headings(r.stdout).map((h) => h.replace(/^#+ /, ''))).toEqual([
      'Footbridges over the mill stream',
      'TIMBER BRIDGES AT THE WEIR AND THE MILL RACE',
      'Deck boards and handrails of the upper timber bridge',
      'STONE BRIDGES BY THE TANNERY AND THE LANE',
      'Pointing of the arches at the tannery and under the lane',
    ]);
    // Each title is parted from its text, which stays whole.
    expect(r.stdout).toMatch(
      /^#+ Deck boards and handrails of the upper timber bridge\n\nEleven deck boards/m,
    );
    expect(r.stdout).toMatch(
      /^#+ Pointing of the arches at the tannery and under the lane\n\nThe mortar between/m,
    );
    // The paragraphs that open with a line in italic or in capitals stay one paragraph each.
    expect(r.stdout).toMatch(
      /^The lower timber bridge, which carries the path to the allotments,\nneeded no more/m,
    );
    expect(r.stdout).toMatch(/^THE STONE BRIDGES BY THE TANNERY ARE LISTED BUILDINGS\nand no repair/m);
  });

  it('reads titles over lists and at page edges: on a band, opening a page under its running header, italic or in capitals at the foot', async () => {
    // fixtures/pdf-headings/edge-titles.pdf (Chromium, scripts/make-chromium-class-fixtures.mjs):
    // a running header and page numbers on every page. A bold line at the body size right on a
    // list is the list's label, unless it is set on a filled band (white text) or opens the page's
    // body under the running header; a title left at a page's foot, in italic or in capitals,
    // heads the text on the next page.
    const r = await distill(['parse', fixture('edge-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout).map((h) => h.replace(/^#+ /, ''))).toEqual([
      'Borrowing equipment',
      'What the station lends',
      'Loans that run over a week',
      'Returning what you borrowed',
      'When something is lost',
      'KEYS AND LOCKERS',
    ]);
    // The bold label right under its paragraph, over its list, stays text.
    expect(r.stdout).toMatch(/^What to bring\n\n\* Boots and a waterproof coat/m);
    // The running header is furniture, no heading.
    expect(r.stdout).not.toMatch(/^#+ Field station handbook/m);
  });

  it('reads titles in black on a light tint band as headings, and a shaded header row or a tinted call-out as no heading', async () => {
    // fixtures/pdf-headings/tint-band-titles.pdf (Chromium, scripts/make-chromium-class-fixtures.mjs):
    // section titles at the body's size, weight and colour, each alone on a filled band: the
    // band is their only mark. A table's shaded header row and call-out boxes on the same tint
    // stay a table and text.
    const r = await distill(['parse', fixture('tint-band-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Water supply of the hill villages',
      '## Springs and reservoirs',
      '## Repairs to the mains',
      '## Plans for the next five years',
    ]);
    expect(r.stdout).toMatch(/^\| Source \| Villages \| Days low \|$/m);
    expect(r.stdout).toMatch(/^Boil water drawn from the old village well before drinking it\.$/m);
    expect(r.stdout).toMatch(/^Households on the school road will be told a week ahead/m);
  });

  it('reads a one-line call-out in a box of the title bands’ tint, and a line on a white fill, as text', async () => {
    // fixtures/pdf-headings/band-callouts.pdf (Chromium): titles on a light tint band at the body's
    // size and weight; call-outs in boxes of the same tint padded more, one of three lines (the
    // document's call-out box) and one of a single line with no closing punctuation; a line on a
    // white fill, which on a white page is no band.
    const r = await distill(['parse', fixture('band-callouts')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Library services in the valley towns',
      '## Opening hours and visits',
      '## Repairs to the buildings',
      '## Plans for the next three years',
    ]);
    expect(r.stdout).toMatch(/^Returns can be left in the box by the market branch door$/m);
    expect(r.stdout).toMatch(/^Readers may now renew their loans by telephone$/m);
  });

  it('reads white bands on a tinted page as titles’ bands, and boxes in the page’s own colour as none', async () => {
    // fixtures/pdf-headings/tinted-page-bands.pdf (Chromium): the page is filled whole in a tint;
    // titles at the body's size and weight sit on white bands, and two lines sit in boxes filled in
    // the page's colour, which show nothing.
    const r = await distill(['parse', fixture('tinted-page-bands')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Footpaths of the chalk downs',
      '## Paths cleared this year',
      '## Paths still closed',
    ]);
    expect(r.stdout).toMatch(/^Dogs must be kept on a lead between March and July$/m);
    expect(r.stdout).toMatch(/^A diversion along the lane is marked with yellow arrows$/m);
  });

  it('reads a bold lead-in broken onto the next line in lower case as its paragraph’s first line, no title', async () => {
    // fixtures/pdf-headings/run-in-wrapped.pdf (Chromium): two narrow columns; two paragraphs open
    // with a bold lead-in longer than the column's line, which goes on in lower case on the next
    // line before the regular text. The section titles are set larger.
    const r = await distill(['parse', fixture('run-in-wrapped')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Survey of the river meadows',
      '## Grasses and flowers',
      '## Drains and ditches',
    ]);
    expect(r.stdout).toMatch(/^Most of the hay meadows below the$/m);
    expect(r.stdout).toMatch(/^Several of the ditches between the$/m);
  });

  it("reads a bold lead-in that fills its column's first line as its paragraph's first line, whatever the case after it", async () => {
    // fixtures/pdf-headings/run-in-filled.pdf (Chromium): two justified columns at 10 pt whose
    // paragraphs open with bold lead-ins longer than a line. "Zum anderen sind Hummeln leider /
    // tierische Nachmacher und folgen ihren" fills two lines to the column's edge and goes on at
    // "Artgenossen Blüte um Blüte." (a German noun, capitalised) in regular type: the measure
    // broke it, no title ended there. The bold titles at the body size end short of the edge.
    const r = await distill(['parse', fixture('run-in-filled')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Hummeln unter den Linden',
      '## Warum die Hummeln sterben',
      '## Was Gärtner tun können',
    ]);
    expect(r.stdout).toMatch(/^Zum anderen sind Hummeln leider\ntierische Nachmacher und folgen ihren$/m);
  });

  it("keeps a compound's hyphen whole where a narrow column breaks a title at it", async () => {
    // fixtures/pdf-headings/hyphen-titles.pdf (Chromium): titles in a column 15 em wide that the
    // measure breaks at a compound's own hyphen ("Two new rally-" / "inspired cars",
    // "Pläne zur Ende-zu-" / "Ende-Verschlüsselung"); the heading keeps the word whole.
    const r = await distill(['parse', fixture('hyphen-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      "# The season's new cars",
      '## Two new rally-inspired cars',
      '## Pläne zur Ende-zu-Ende-Verschlüsselung',
    ]);
  });

  it('reads titles in small capitals (capitals in two sizes) as titles in capitals, and a name in small capitals as text', async () => {
    const r = await distill(['parse', fixture('small-caps-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Seabirds of the outer islands',
      '## INTRODUCTION',
      '## MATERIALS AND METHODS',
      '## RESULTS OF THE COUNTS',
      '## DISCUSSION',
    ]);
    expect(r.stdout).toMatch(/^The counts of 1998 were made by MARGARET ELLIS alone/m);
  });

  it('reads the bold titles opening page 1 and page 2 of a document that runs no header as headings', async () => {
    // fixtures/pdf-headings/headless-top-titles.pdf (Chromium): an article printed with no
    // running header, its title and one section title bold at the body size on the first line
    // of a page, a paragraph's space over their text (where a running header would stand apart).
    const r = await distill(['parse', fixture('headless-top-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Winter care of the village orchard',
      '# Pruning the old apple trees',
      '# Feeding the soil under the trees',
      '# Guarding against frost and hares',
      '# Who to ask',
    ]);
    const again = await distill(['parse', fixture('headless-top-titles')]);
    expect(again.stdout).toBe(r.stdout);
  });

  it('reads a headline at twice the body size wrapped onto four lines as a heading, and a larger lead paragraph as text', async () => {
    // fixtures/pdf-headings/long-display-title.pdf (Chromium): a news headline in a narrow column.
    const r = await distill(['parse', fixture('long-display-title')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Council agrees to reopen the old river ferry between the two market towns after twenty years',
      '## What happens next',
    ]);
    expect(r.stdout).toMatch(/^The ferry that once carried farmers and their carts$/m);
  });

  it("makes no heading of a table's bold header row printed again at a page's top in a document that runs no header", async () => {
    // fixtures/pdf-headings/headless-table-header.pdf (pdf-synth-css seed 3): the two header
    // cells repeated over the table's next part stand side by side on the page's top line.
    const r = await distill(['parse', fixture('headless-table-header')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Term form',
      '## 1 Action level',
      '### 1.1 Area basic',
      '## 2 Supply',
      '### 2.1 Risk',
      '### 2.2 Subject trust quality board',
      '## 3 Advice sample number education',
      '### 3.1 Development treatment',
      '### 3.2 Information level review charge',
    ]);
    expect(r.stdout).toMatch(/^Sample measure amount$/m);
  });

  it("reads a two-column article's title as one heading where the page's top band cuts its first line off", async () => {
    // fixtures/pdf-headings/twocol-band-title.pdf (Chromium): an article in two dense columns with
    // no running header; its bold title wraps onto two lines in the left column, the first inside
    // the top band that layout reads before the body, beside the right column's first lines.
    const r = await distill(['parse', fixture('twocol-band-title')]);
    expect(r.status, r.stderr).toBe(0);
    const found = headings(r.stdout);
    expect(found[0]).toBe('# A short history of the harbour at Porthcollow');
    expect(found.slice(1, 3)).toEqual(['## How the harbour was first built', '## The fishing families']);
    // The right column's first lines are read after the left column, on with their paragraph.
    const right = r.stdout.indexOf(
      '\nduring the long summer, and the notes kept at the time\nsay how much it cost',
    );
    expect(right).toBeGreaterThan(r.stdout.indexOf('## The fishing families'));
  });
  it("reads a one-page two-column article's title in the top band as its heading, over the left column", async () => {
    // fixtures/pdf-headings/twocol-top-title.pdf (Chromium): one page in two dense columns, no
    // running header; the bold title, one line a third larger than the body, stands in the top
    // band (where running headers stand) beside the right column's first lines. A single page
    // gives no evidence of running headers; layout reads the band's lines that stand on their
    // column's text with the body, so the title opens the left column and heads its text.
    const r = await distill(['parse', fixture('twocol-top-title')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# The water mill at Trelowen',
      '## How the mill was first built',
      '## The families who ran it',
    ]);
    expect(r.stdout).toMatch(/^# The water mill at Trelowen\n\nParish records, letters/);
    // The right column's first line is read after the left column, not between the title and its text.
    expect(r.stdout.indexOf('\npayment made. The toll house')).toBeGreaterThan(
      r.stdout.indexOf('## How the mill'),
    );
  });
  it("reads a one-page article's display title in the top band as its heading over the first section's title", async () => {
    // fixtures/pdf-headings/twocol-display-title.pdf (Chromium): the same page as twocol-top-title
    // with its title set 1.7 times the body right over the first section's bold title. A title
    // that large over the text under it is the page's own, whatever opens the body there.
    const r = await distill(['parse', fixture('twocol-display-title')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# The water mill at Trelowen',
      '## How the mill was first built',
      '## The families who ran it',
    ]);
  });
  it("reads a section title at a column's foot and one opening the right column beside the page's title as headings", async () => {
    // fixtures/pdf-headings/twocol-foot-title.pdf (Chromium): three pages in two dense columns,
    // no running lines. The first section's title opens the right column level with the page's
    // title over the left one (two bold lines side by side at the top, of different sizes: no
    // table's header row). The next section's title is the left column's last line on the second
    // page, inside the bottom band where running footers stand, its text at the top of the right
    // column; the right column's text runs as low as it does, so it ends its column
    // (layout/column-foot.ts): it is read there, before the right column, as a heading.
    const r = await distill(['parse', fixture('twocol-foot-title')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# The ferry at Penmarrow',
      '## How the crossing began',
      '## The boats and their crews',
      '## Tolls and timetables',
    ]);
    // The foot title stands before its text, the right column's first lines.
    expect(r.stdout).toMatch(
      /^## The boats and their crews\n\nThe ferry house was rebuilt with oak from the manor,/m,
    );
  });
  it('parts a bold title set a little larger than the body from the bold lead paragraph under it', async () => {
    // fixtures/pdf-headings/size-step-titles.pdf (Chromium): section titles in bold a twentieth
    // and a sixth larger than the body over lead paragraphs in bold at the body size, 0.2 em of
    // margin between them. Weight does not part them; the size step and the white between them,
    // more than the page sets between a paragraph's lines, do (layout/size-break.ts).
    const r = await distill(['parse', fixture('size-step-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Bumblebees under the lime trees',
      '## 1. Feeding with sugar water',
      '## 2. More food from flowering plants in the garden',
      '## 3. Leave the old stems standing over the winter',
    ]);
    expect(r.stdout).toMatch(/^## 1\. Feeding with sugar water\n\nA tired bumblebee on the path/m);
  });
  it("reads long bold titles broken onto three lines by a narrow column's measure as headings", async () => {
    // fixtures/pdf-headings/narrow-long-titles.pdf (Chromium): two narrow columns whose bold
    // section titles, a quarter larger than the body, are questions and statements of about a
    // hundred characters, three lines each in that measure (under 40 characters a line), beside
    // a lead paragraph as large in the body's weight. Across a page each would take two lines,
    // which a bold title put as a sentence may take.
    const r = await distill(['parse', fixture('narrow-long-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Are dead skin cells good for the skin?',
      '## Allow the dermatologist to repeat that: the dead cells on the surface help the skin keep its moisture.',
      '## So how did the skin care community come to believe that dead skin cells had to go every single day?',
      '## What should you use instead of a daily scrub if your skin feels dull and rough in the winter months?',
    ]);
    expect(r.stdout).toMatch(/^Scrubs and peels promise fresh skin/m);
  });
  it('reads bold titles put as questions or statements of eight words or more as headings, not a larger lead', async () => {
    // fixtures/pdf-headings/question-titles.pdf (Chromium): section titles in bold a fifth larger
    // than the body, each a question or a statement ending in a colon, under a lead paragraph
    // as large in the body's weight that ends in a full stop: a sentence set larger is no title,
    // unless it is set in bold over no more than two lines.
    const r = await distill(['parse', fixture('question-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      "# Changes to the town's bus network",
      '## What are the biggest changes to the routes this year?',
      '## Key features of the new timetable for riders and drivers:',
      '## Where can riders find the printed timetables for each route?',
    ]);
    expect(r.stdout).toMatch(/^The council has published the new timetable/m);
  });
  it('reads sub-titles that recur under every item of a guide as headings, page after page', async () => {
    // fixtures/pdf-headings/recurring-titles.pdf (Chromium): a buyer's guide over three pages whose
    // seven items each carry "Pros", "Cons" and "Verdict" in bold at the body size over a
    // paragraph. Each recurs on every page, but where its item's section falls, not in one place
    // as a running title is set, so none is taken for one.
    const r = await distill(['parse', fixture('recurring-titles')]);
    expect(r.status, r.stderr).toBe(0);
    const found = headings(r.stdout);
    const items = found.filter((h) => h.startsWith('## '));
    expect(items).toHaveLength(7);
    for (const title of ['### Pros', '### Cons', '### Verdict'])
      expect(found.filter((h) => h === title)).toHaveLength(7);
    expect(r.stdout).toMatch(/^### Pros\n\nIt cleans stubborn stains completely/m);
  });
  it('reads titles in the colour of a large title broken over three lines as headings', async () => {
    // fixtures/pdf-headings/colour-wrapped-title.pdf (Chromium): the title, twice the body size and
    // in the house colour, wraps onto three lines; the section titles share its colour at the body
    // size and weight, their only mark. A title set large is no paragraph of the body, so its
    // colour is not the body's.
    const r = await distill(['parse', fixture('colour-wrapped-title')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# What the river towns learnt from three winters of flooding on the lower plain',
      '## Warnings',
      '## Barriers',
      '## Insurance',
      '## Next steps',
    ]);
  });
  it('reads bold titles ending in a colon as headings where the document sets its titles in their face, and a bold note as text', async () => {
    // fixtures/pdf-headings/colon-titles.pdf (Chromium): section titles bold at the body size, a
    // paragraph's space over them and little under them; "Key findings:" and "Sources used:" end
    // in a colon. A bold "Note:" set as a paragraph, as much space under it as over it, is a label.
    const r = await distill(['parse', fixture('colon-titles')]);
    expect(r.status, r.stderr).toBe(0);
    expect(headings(r.stdout)).toEqual([
      '# Night buses in the county towns',
      '## Background',
      '## Key findings:',
      '## What comes next',
      '## Sources used:',
    ]);
    expect(r.stdout).toMatch(/^Note:$/m);
  });
  it('reads a bold title right over bold numbered titles as a heading, and a bold label over a list of regular items as text', async () => {
    // fixtures/pdf-headings/numbered-item-titles.pdf (Chromium): "Tools you need on every job",
    // bold at the body size, a line's space over "1. Pliers", "2. Wire strippers"…, bold numbered
    // titles over paragraphs; a bold label set close over a numbered list of regular items stays
    // the list's label.
    const r = await distill(['parse', fixture('numbered-item-titles')]);
    expect(r.status, r.stderr).toBe(0);
    const found = headings(r.stdout).map((h) => h.replace(/^#+ /, ''));
    expect(found).toEqual([
      "An electrician's tool belt",
      'Tools you need on every job',
      '1. Pliers',
      '2. Wire strippers',
      '3. Voltage tester',
      'Looking after them',
    ]);
    expect(r.stdout).toMatch(/^Check them in this order$/m);
  });
});
