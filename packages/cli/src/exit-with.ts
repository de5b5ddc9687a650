/** Sets the exit code from a command's promise; an error escaping the command exits 1 with its stack. */
export function exitWith(run: Promise<number>): void {
  run.then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      process.stderr.write(`distill: ${(e as Error).stack ?? e}\n`);
      process.exitCode = 1;
    },
  );
}
