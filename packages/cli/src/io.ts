/** Where a command writes; the binary passes the process streams, tests capture strings. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** stderr is a terminal: progress is drawn in place rather than printed as lines. */
  isTTY?: boolean;
}

/**
 * A stream whose reader may leave (`distill parse x.pdf | head`): the write error EPIPE then ends
 * the output quietly instead of crashing the process with an unhandled 'error' event.
 */
function quietOnEpipe(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  if (stream.listenerCount('error') === 0) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
    });
  }
  return stream;
}

export const processIo: Io = {
  out: (t) => quietOnEpipe(process.stdout).write(t),
  err: (t) => quietOnEpipe(process.stderr).write(t),
  isTTY: process.stderr.isTTY === true,
};
