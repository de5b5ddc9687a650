/**
 * A caption's opening: "Figure 3.", "Table IV:", appendix numbering "Figure A1:", "Table S2", a
 * report's lettered or dashed numbering "Exhibit B-3", "Table ES-1", "Figure CA4.", and an
 * unnumbered "Table: …"; the number ends its word ("Graphics", "Photovoltaic" open none).
 * Layout labels such a line a caption; set in a page's margin band or marked as a title (bold,
 * larger), it is still a caption and heads no section (DP-Bench's truth never makes one a
 * heading).
 */
export const CAPTION =
  /^(fig(ure)?\.?|table|tab\.|chart|exhibit|graph|diagram|map|plate|photo)\s*((?:[A-Z]{0,3}-?\d+(\.\d+)*[a-z]?|[IVX]+)(?![A-Za-z])\s*[.:\-–—]?|:)/i;
