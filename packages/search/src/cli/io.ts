/** Where a command writes (the CLI package's Io, repeated so search does not depend on the CLI). */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}
