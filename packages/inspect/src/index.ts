import {
  emitResult,
  type ParseInput,
  type ParseOptionsInput,
  parseToDoc,
  type RuntimeOptions,
} from 'distill/internals';
import { renderInspector } from './html.js';
import { type InspectOptions, inputName, inspectorData, inspectParseOptions } from './inspect.js';
import type { InspectData } from './model.js';

export { renderInspector } from './html.js';
export {
  cellPlaces,
  DEFAULT_IMAGE_BUDGET,
  fitImageSide,
  gridsFromDoc,
  type InspectOptions,
  inputName,
  inspectorData,
  inspectParseOptions,
  optionsLine,
} from './inspect.js';
export {
  type BoxClass,
  classOf,
  dataFromResult,
  type InspectBlock,
  type InspectData,
  type InspectPage,
  type PageImageRef,
  parseOcrReasons,
  type TableGrid,
} from './model.js';
export { deriveProvenance } from './provenance.js';

export interface Inspected {
  html: string;
  data: InspectData;
}

/**
 * Parses a document with the given parse options (plus the Markdown and blocks the inspector
 * needs) and returns the inspector page for it: one self-contained HTML file.
 */
export async function inspect(
  input: ParseInput,
  parseOptions: ParseOptionsInput = {},
  opts: InspectOptions = {},
  runtime: RuntimeOptions = {},
): Promise<Inspected> {
  const options = inspectParseOptions(parseOptions);
  const parsed = await parseToDoc(input, options, { ...runtime, signal: runtime.signal ?? opts.signal });
  const result = emitResult(parsed, runtime);
  const data = await inspectorData(
    result,
    {
      file: opts.file ?? inputName(input, runtime),
      format: parsed.format,
      options,
      bytes: parsed.bytes,
      doc: parsed.doc,
    },
    opts,
  );
  return { html: renderInspector(data), data };
}
