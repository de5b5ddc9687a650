import { writeSync } from 'node:fs';
import type { Io } from '../io.js';

// The parse bundle's Io: it writes to file descriptors 1 and 2 directly. process.stdout and
// process.stderr are built on first use, and for a pipe or a terminal that loads Node's net
// and stream modules (some thirty built-ins compiled from source) for what is, on Linux, a
// synchronous write anyway. Nothing else in a parse writes to them, so the order of output is
// the same.

/** How each descriptor is written: directly, through its stream (see below), or not at all. */
const mode: Record<1 | 2, 'fd' | 'stream' | 'closed'> = {
  1: process.platform === 'win32' ? 'stream' : 'fd',
  2: process.platform === 'win32' ? 'stream' : 'fd',
};

function write(fd: 1 | 2, text: string): void {
  if (mode[fd] === 'closed') return;
  const stream = () => (fd === 1 ? process.stdout : process.stderr);
  if (mode[fd] === 'stream') {
    stream().write(text);
    return;
  }
  const bytes = Buffer.from(text, 'utf8');
  let at = 0;
  while (at < bytes.length) {
    try {
      at += writeSync(fd, bytes, at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        // A non-blocking pipe that is full: the stream waits for it, and so does all that follows.
        mode[fd] = 'stream';
        stream().write(bytes.subarray(at));
        return;
      }
      if (code === 'EPIPE') {
        // The reader has gone (`distill parse x.pdf | head`): the rest is not wanted.
        mode[fd] = 'closed';
        return;
      }
      throw e;
    }
  }
}

let tty: boolean | undefined;

export const fdIo: Io = {
  out: (text) => write(1, text),
  err: (text) => write(2, text),
  // Asked only when progress may be drawn; the answer needs node:tty, which loads the same
  // modules as the streams.
  get isTTY() {
    tty ??= process.getBuiltinModule('tty').isatty(2);
    return tty;
  },
};
