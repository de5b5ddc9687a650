import type { Io } from './io.js';

/** Documents shorter than this show no progress unless asked (`--progress`): they are done at once. */
const LARGE_DOCUMENT_PAGES = 20;
/** Lines printed per document at most when stderr is not a terminal (`--progress` into a log). */
const LOG_LINES = 20;

/**
 * Page progress of one document on stderr: redrawn in place on a terminal for documents of
 * LARGE_DOCUMENT_PAGES pages or more, or (with `--progress`) as at most LOG_LINES lines of
 * `page N of M` for any document, so a log of a long run says how far it got.
 */
export function pageProgress(
  io: Io,
  asked: boolean,
  path: string,
): { update: (done: number, total: number) => void; done: () => void } {
  let drawn = false;
  let lastLogged = 0;
  // Read when first needed: the parse bundle's Io answers it by loading node:tty.
  let tty: boolean | undefined;
  return {
    update(done, total) {
      if (!asked && total < LARGE_DOCUMENT_PAGES) return;
      tty ??= io.isTTY === true;
      if (!asked && !tty) return;
      if (tty) {
        io.err(`\r\x1b[2Kreading ${path}: page ${done} of ${total}`);
        drawn = true;
        return;
      }
      const step = Math.max(1, Math.ceil(total / LOG_LINES));
      if (done === total || done - lastLogged >= step) {
        lastLogged = done;
        io.err(`reading ${path}: page ${done} of ${total}\n`);
      }
    },
    done() {
      if (drawn) io.err('\r\x1b[2K');
      drawn = false;
    },
  };
}
