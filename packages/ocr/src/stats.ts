import { envOcrStats } from './settings.js';

/**
 * What a process's tesseract pools did, counted so a person (and the command-line tests) can see
 * how the work was spread: with `DISTILL_OCR_STATS=1` one line goes to stderr as the process
 * exits. Counts, never times, so the line reads the same on a busy machine.
 */
export const ocrStats = {
  /** tesseract.js worker threads started. */
  workers: 0,
  /** Of them, started before the process sent its first image (while the document was read and rendered). */
  ahead: 0,
  /** Images read (a page, a turned probe of it, a reread). */
  reads: 0,
  /** Most images being read at the same moment. */
  mostAtOnce: 0,
};

let reading = 0;
let printing = false;

/** Counts an image going to a reader; call the returned function when it is read. */
export function countRead(): () => void {
  if (!printing && envOcrStats()) {
    printing = true;
    process.once('exit', () => {
      const s = ocrStats;
      process.stderr.write(
        `ocr stats: ${s.workers} tesseract workers (${s.ahead} started before the first image), ${s.reads} images read, at most ${s.mostAtOnce} at once\n`,
      );
    });
  }
  ocrStats.reads++;
  ocrStats.mostAtOnce = Math.max(ocrStats.mostAtOnce, ++reading);
  return () => {
    reading--;
  };
}
