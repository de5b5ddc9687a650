export { type BatchItem, type BatchOptions, batch } from './batch.js';
export { type ConvertOutcome, type ConvertTask, convertFile } from './convert.js';
export { imageFilesFor } from './image-files.js';
export { expandInputs, globToRegExp, type InputFile, isSupportedName, walk } from './inputs.js';
export { MANIFEST, Manifest, type ManifestEntry } from './manifest.js';
export { chunksJsonl, writeAtomic, writeAtomicSync, writeOutputs, writeOutputsSync } from './outputs.js';
export { ConvertPool, ocrShare } from './pool.js';
export { Progress, type ProgressSink } from './progress.js';
