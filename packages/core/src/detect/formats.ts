/**
 * The formats of the spec's parse request, with their extensions and content types, in the
 * spec's order. The one place a format is declared: extension lists, detection by name or
 * content type and the CLI's messages all derive from it.
 */
export const FORMATS = {
  html: { extensions: ['html', 'htm'], mimeTypes: ['text/html'] },
  xhtml: { extensions: ['xhtml'], mimeTypes: ['application/xhtml+xml'] },
  pdf: { extensions: ['pdf'], mimeTypes: ['application/pdf', 'application/x-pdf'] },
  docx: {
    extensions: ['docx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
  doc: { extensions: ['doc'], mimeTypes: ['application/msword'] },
  docm: { extensions: ['docm'], mimeTypes: ['application/vnd.ms-word.document.macroenabled.12'] },
  odt: { extensions: ['odt'], mimeTypes: ['application/vnd.oasis.opendocument.text'] },
  ods: { extensions: ['ods'], mimeTypes: ['application/vnd.oasis.opendocument.spreadsheet'] },
  odp: { extensions: ['odp'], mimeTypes: ['application/vnd.oasis.opendocument.presentation'] },
  rtf: { extensions: ['rtf'], mimeTypes: ['application/rtf', 'text/rtf'] },
  xlsx: {
    extensions: ['xlsx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  },
  xls: { extensions: ['xls'], mimeTypes: ['application/vnd.ms-excel'] },
  xlsm: { extensions: ['xlsm'], mimeTypes: ['application/vnd.ms-excel.sheet.macroenabled.12'] },
  xlsb: { extensions: ['xlsb'], mimeTypes: ['application/vnd.ms-excel.sheet.binary.macroenabled.12'] },
  pptx: {
    extensions: ['pptx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  },
  ppt: { extensions: ['ppt'], mimeTypes: ['application/vnd.ms-powerpoint'] },
  pptm: { extensions: ['pptm'], mimeTypes: ['application/vnd.ms-powerpoint.presentation.macroenabled.12'] },
  epub: { extensions: ['epub'], mimeTypes: ['application/epub+zip'] },
  csv: { extensions: ['csv'], mimeTypes: ['text/csv', 'application/csv', 'text/comma-separated-values'] },
} as const satisfies Record<string, { extensions: readonly string[]; mimeTypes: readonly string[] }>;

export type FormatId = keyof typeof FORMATS;

export const FORMAT_IDS = Object.keys(FORMATS) as FormatId[];

/**
 * Every extension read, with the dot, in the spec's order (the order of FORMATS): derived, so
 * a format is added by one entry above (and its parser's registration).
 */
export const SUPPORTED_EXTENSIONS: readonly string[] = FORMAT_IDS.flatMap((f) =>
  FORMATS[f].extensions.map((e) => `.${e}`),
);

export function formatFromExtension(name: string | undefined): FormatId | undefined {
  if (!name) return undefined;
  const m = /\.([A-Za-z0-9]+)$/.exec(name.split(/[?#]/)[0]);
  if (!m) return undefined;
  const ext = m[1].toLowerCase();
  return FORMAT_IDS.find((f) => (FORMATS[f].extensions as readonly string[]).includes(ext));
}

export function formatFromContentType(contentType: string | undefined): FormatId | undefined {
  if (!contentType) return undefined;
  const mime = contentType.split(';')[0].trim().toLowerCase();
  return FORMAT_IDS.find((f) => (FORMATS[f].mimeTypes as readonly string[]).includes(mime));
}

export const contentTypeOf = (format: FormatId): string => FORMATS[format].mimeTypes[0];
