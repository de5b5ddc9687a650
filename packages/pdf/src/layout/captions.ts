/** The words that open a caption, and a caption's number ("3", "3.4", "A1", "B-3", "ES-1", "IV"). */
const WORD = String.raw`(fig(ure)?\.?|table|tab\.|chart|exhibit|graph|diagram|map|plate|photo)`;
const NUMBER = String.raw`(?:[A-Z]{0,3}-?\d+(\.\d+)*[a-z]?|[IVX]+)(?![A-Za-z])`;

/**
 * A caption's opening: "Figure 3.", "Table IV:", appendix numbering "Figure A1:", "Table S2", a
 * report's lettered or dashed numbering "Exhibit B-3", "Table ES-1", "Figure CA4.", and an
 * unnumbered "Table: …"; the number ends its word ("Graphics", "Photovoltaic" open none).
 * Layout labels such a line a caption; set in a page's margin band or marked as a title (bold,
 * larger), it is still a caption and heads no section (DP-Bench's truth never makes one a
 * heading).
 */
export const CAPTION = new RegExp(String.raw`^${WORD}\s*(${NUMBER}\s*[.:\-–—]?|:)`, 'i');

/**
 * A caption's label alone on its line ("Figure 4", "Diagram 2", "Table 1."): the caption's title
 * is the line set under it, bold or larger as it may be.
 */
export const CAPTION_LABEL = new RegExp(String.raw`^${WORD}\s*${NUMBER}\s*[.:]?$`, 'i');
