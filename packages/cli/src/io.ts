/** Where a command writes; the binary passes the process streams, tests capture strings. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** stderr is a terminal: progress is drawn in place rather than printed as lines. */
  isTTY?: boolean;
}

export const processIo: Io = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  isTTY: process.stderr.isTTY === true,
};
