/**
 * Largest image pdf.js decodes when a page is rendered for OCR (a 600 dpi A2 scan is ~ 140 M
 * pixels): larger ones are not drawn, and the fast reader notes them so the result says so.
 */
export const MAX_IMAGE_PIXELS = 150_000_000;
