/** Runs a benchmark's main and exits: 0 when done, 1 with the message when it threw. */
export function runMain(main: () => Promise<unknown>): void {
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
