import {
  type changeTrackingFormat,
  DistillError,
  DOCUMENT_FORMATS,
  type FormatItem,
  type jsonFormat,
  type screenshotFormat,
} from '@distill/core';
import type { z } from 'zod';
import type { LlmProvider } from '../llm.js';

export type ScreenshotFormat = z.output<typeof screenshotFormat>;
export type JsonFormat = z.output<typeof jsonFormat>;
export type ChangeTrackingFormat = z.output<typeof changeTrackingFormat>;

/** The requested format of a type, typed (core's union carries a catch-all member). */
export function findFormat(formats: FormatItem[], type: 'screenshot'): ScreenshotFormat | undefined;
export function findFormat(formats: FormatItem[], type: 'json'): JsonFormat | undefined;
export function findFormat(formats: FormatItem[], type: 'changeTracking'): ChangeTrackingFormat | undefined;
export function findFormat(formats: FormatItem[], type: string): FormatItem | undefined {
  return formats.find((f) => f.type === type);
}

/** Formats made from the page by the parsers and emitters: core's list, declared there once. */
export { DOCUMENT_FORMATS };
/** Formats this package adds itself (product, menu, branding from the page's structured data). */
const SCRAPE_FORMATS = new Set(['screenshot', 'json', 'changeTracking', 'product', 'menu', 'branding']);
/** Formats that need a media extraction tool, which this build does not include. */
const MEDIA_FORMATS = new Set(['audio', 'video']);

const missingProvider = (what: string) =>
  new DistillError(
    'UNSUPPORTED_OPTION',
    `The ${what} needs an LLM provider, and none is configured on this server (configure one, for example with the llm runtime option)`,
    {
      details: [
        { field: 'formats', message: `${what} requires a configured LLM provider`, code: 'missing_provider' },
      ],
    },
  );

/** Refuses, before any network work, the formats this server cannot produce. */
export function checkScrapeFormats(formats: FormatItem[], llm: LlmProvider | undefined): void {
  for (const f of formats) {
    if (f.type === 'json' && !llm) throw missingProvider('json format');
    if (f.type === 'changeTracking' && (f as ChangeTrackingFormat).modes?.includes('json') && !llm) {
      throw missingProvider("changeTracking format's json mode");
    }
    if (MEDIA_FORMATS.has(f.type)) {
      throw new DistillError(
        'UNSUPPORTED_OPTION',
        `The ${f.type} format extracts media from video pages and needs a media extraction tool, which is not installed on this server`,
        {
          details: [
            { field: 'formats', message: `${f.type} needs a media extraction tool`, code: 'missing_tool' },
          ],
        },
      );
    }
    if (!DOCUMENT_FORMATS.has(f.type) && !SCRAPE_FORMATS.has(f.type)) {
      throw new DistillError('UNSUPPORTED_OPTION', `The format "${f.type}" is not supported by this server`, {
        details: [
          { field: 'formats', message: `${f.type} is not supported by this server`, code: 'unsupported' },
        ],
      });
    }
  }
}
