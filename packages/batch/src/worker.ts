import { type ConvertOutcome, type ConvertTask, convertFile } from './convert.js';

/** The piscina worker: one task per call, in a worker thread with its own copy of the engine. */
export default function run(task: ConvertTask): Promise<ConvertOutcome> {
  return convertFile(task);
}
