import { isNum } from '../objects.js';

/**
 * Path construction operators (PDF 32000 §8.5.2: m, l, c, v, y, h, re) collected into the
 * flat segment list a pdf.js constructPath carries: 0 move, 1 line, 2 curve, 4 close, each
 * followed by its points. The painting operator (§8.5.3) takes the path and starts a new one.
 */
export class PathBuilder {
  private segments: number[] = [];
  /** The current point, which `v` uses as its first control point. */
  private cx = 0;
  private cy = 0;

  /** Applies one construction operator; false when `op` is not one. */
  apply(op: string, args: unknown[]): boolean {
    switch (op) {
      case 'm':
      case 'l':
        if (isNum(args[0]) && isNum(args[1])) {
          this.cx = args[0];
          this.cy = args[1];
          this.segments.push(op === 'm' ? 0 : 1, this.cx, this.cy);
        }
        return true;
      case 'c':
        if (args.every(isNum)) {
          this.segments.push(2, ...(args as number[]));
          this.cx = args[4] as number;
          this.cy = args[5] as number;
        }
        return true;
      case 'v': {
        const [x2, y2, x3, y3] = args as number[];
        this.segments.push(2, this.cx, this.cy, x2, y2, x3, y3);
        this.cx = x3;
        this.cy = y3;
        return true;
      }
      case 'y': {
        // The second control point is the end point.
        const [x1, y1, x3, y3] = args as number[];
        this.segments.push(2, x1, y1, x3, y3, x3, y3);
        this.cx = x3;
        this.cy = y3;
        return true;
      }
      case 'h':
        this.segments.push(4);
        return true;
      case 're':
        this.rect(args);
        return true;
      case 'W':
      case 'W*':
        // Clipping changes what is visible, not which lines a table has.
        return true;
      default:
        return false;
    }
  }

  private rect(args: unknown[]): void {
    // Read by index, not destructured: \`re\` is among the commonest operators, and a cold
    // run's first pages run this unoptimised, where destructuring is the iterator protocol.
    const x = args[0];
    const y = args[1];
    const w = args[2];
    const h = args[3];
    if (!isNum(x) || !isNum(y) || !isNum(w) || !isNum(h)) return;
    this.cx = x;
    this.cy = y;
    // A zero-width or zero-height rectangle is a rule drawn as a line.
    if (w === 0 || h === 0) this.segments.push(0, x, y, 1, x + w, y + h, 4);
    else this.segments.push(0, x, y, 1, x + w, y, 1, x + w, y + h, 1, x, y + h, 4);
  }

  /** The path so far, handed to a painting operator; the next path starts empty. */
  take(): number[] {
    const s = this.segments;
    this.segments = [];
    return s;
  }
}
