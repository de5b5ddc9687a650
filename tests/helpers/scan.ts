import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** A PDF as a scan: its first page rendered grey by poppler at 150 dpi, rebuilt image-only by img2pdf, in `dir`. */
export function scannedPdf(pdf: string, dir: string, name: string): string {
  const png = join(dir, name);
  execFileSync('pdftoppm', ['-r', '150', '-gray', '-png', '-singlefile', pdf, png]);
  const out = join(dir, `${name}-scan.pdf`);
  execFileSync('img2pdf', ['--output', out, `${png}.png`]);
  return out;
}
