import { type ConvertOutcome, type ConvertTask, convertFile } from './convert.js';

/**
 * The piscina worker: one task per call, in a worker thread with its own copy of the engine.
 * PDFs are laid out in this thread: parsePdf never starts its own pool of pdf.js threads off the
 * main thread, so the batch pool alone owns the cores (a nested pool cost about a quarter more
 * CPU per PDF on dpbench). A page that never ends is still contained: the batch's hard timeout
 * ends this thread and piscina starts a new one.
 */
export default function run(task: ConvertTask): Promise<ConvertOutcome> {
  return convertFile(task);
}
