/** Sets the exit code from a command's promise, as main() does. */
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
