/** Progress of a batch: a bar on a terminal, plain lines otherwise. */
export interface ProgressSink {
  isTTY: boolean;
  write(text: string): void;
}

const fmtTime = (s: number) => {
  if (!Number.isFinite(s)) return '?';
  const m = Math.floor(s / 60);
  const sec = Math.round(s % 60);
  return `${m}:${String(sec).padStart(2, '0')}`;
};

export class Progress {
  done = 0;
  failed = 0;
  skipped = 0;
  /** Skipped because an earlier run found them bad (corrupt, unsupported). */
  skippedFailed = 0;
  /** Found in a folder, of no supported format: counted and listed, not converted. */
  unsupported = 0;
  /** Folders and files that could not be read (permissions). */
  unreadable = 0;
  pages = 0;
  total: number | undefined;
  private readonly unsupportedNames: string[] = [];
  private readonly started = performance.now();
  private lastLine = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly sink: ProgressSink) {
    if (sink.isTTY) this.timer = setInterval(() => this.render(), 250).unref();
  }

  add(o: {
    status: 'ok' | 'error' | 'unsupported';
    skipped?: boolean;
    pages?: number;
    path?: string;
    code?: string;
  }): void {
    if (o.status === 'unsupported') {
      this.unsupported++;
      if (this.unsupportedNames.length < 20 && o.path) this.unsupportedNames.push(o.path);
    } else if (o.skipped) {
      this.skipped++;
      if (o.status === 'error') this.skippedFailed++;
    } else if (o.status === 'ok') this.done++;
    else this.failed++;
    this.pages += o.pages ?? 0;
    if (!this.sink.isTTY && performance.now() - this.lastLine > 5000) {
      this.lastLine = performance.now();
      this.sink.write(`${this.line()}\n`);
    }
  }

  line(): string {
    const secs = (performance.now() - this.started) / 1000;
    const processed = this.done + this.failed;
    const rate = processed / Math.max(secs, 1e-3);
    const seen = processed + this.skipped + this.unsupported;
    const left = this.total !== undefined ? Math.max(0, this.total - seen) : undefined;
    const eta = left !== undefined && rate > 0 ? fmtTime(left / rate) : '?';
    const of = this.total !== undefined ? `/${this.total}` : '';
    return `${seen}${of} files · ${rate.toFixed(1)} files/s · ${(this.pages / Math.max(secs, 1e-3)).toFixed(1)} pages/s · ${this.failed} errors · ${this.skipped} skipped · ETA ${eta}`;
  }

  private render(): void {
    const width = 24;
    const ratio = this.total
      ? Math.min(1, (this.done + this.failed + this.skipped + this.unsupported) / this.total)
      : 0;
    const bar = this.total ? `[${'#'.repeat(Math.round(ratio * width)).padEnd(width, '-')}] ` : '';
    this.sink.write(`\r\x1b[2K${bar}${this.line()}`);
  }

  /** Up to 20 paths of unsupported files, for the summary. */
  unsupportedList(): string[] {
    return [...this.unsupportedNames];
  }

  /** Counts by outcome, for the summary and for an interrupted run. */
  summaryCounts(): string {
    const left =
      this.total !== undefined
        ? this.total - (this.done + this.failed + this.skipped + this.unsupported)
        : undefined;
    return `${this.done} converted, ${this.failed} failed${this.unreadable ? ` (${this.unreadable} unreadable)` : ''}, ${this.skipped} already done, ${this.unsupported} unsupported${left !== undefined && left > 0 ? `, ${left} not reached` : ''}`;
  }

  finish(): string {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.sink.isTTY) this.sink.write('\r\x1b[2K');
    const secs = (performance.now() - this.started) / 1000;
    const bad = this.skippedFailed ? `, ${this.skippedFailed} of them failed before` : '';
    return `${this.done} converted, ${this.failed} failed, ${this.skipped} skipped (already done${bad}), ${this.unsupported} unsupported in ${secs.toFixed(1)} s · ${this.pages} pages`;
  }
}
