import type { DistillError } from 'distill';

/** HTTP reason phrases that open catalogue messages; a terminal reader needs the cause, not the status. */
const REASON =
  /^(Bad Request|Not Found|Forbidden|Payload Too Large|Unprocessable Entity|Request Timeout|Internal Server Error|Service Unavailable|Not Implemented|Conflict|Unauthorized|Unsupported file type):\s*/i;

/** A catalogue error as one terminal line: `CODE: cause` (statuses stay in --json output). */
export function terminalError(err: { code: string; message: string }): string {
  const cause = err.message.replace(REASON, '');
  return `${err.code}: ${cause || err.message}`;
}

/** The command-line flag behind a parse option's path in a validation error. */
const FLAG_OF: [RegExp, string][] = [
  [/^formats\.\d+\.size$/, '--chunk-size'],
  [/^formats\.\d+\.unit$/, '--chunk-unit'],
  [/^formats\.\d+\.tokenizer$/, '--tokenizer'],
  [/^formats\.\d+\.overlap$/, '--chunk-overlap'],
  [/^formats\b/, '--formats'],
  [/^parsers\.\d+\.furniture$/, '--furniture'],
  [/^parsers\.\d+\.mode$/, '--pdf-mode'],
  [/^parsers\.\d+\.ocrEngine$/, '--ocr-engine'],
  [/^parsers\.\d+\.maxPages$/, '--max-pages'],
  [/^parsers\b/, '--pdf-mode'],
  [/^timeout$/, '--timeout'],
  [/^includeTags\b/, '--include-tags'],
  [/^excludeTags\b/, '--exclude-tags'],
];

interface Issue {
  path?: string | (string | number)[];
  field?: string;
  message?: string;
}

/**
 * A validation error of the options a command built from its flags, in the flags' terms:
 * `--pdf-mode: 'fsat' is not one of fast, auto, ocr`, not the schema's `parsers.0.mode`.
 */
export function flagError(err: DistillError): string {
  const details = (err as unknown as { details?: Issue[] }).details;
  if (!Array.isArray(details) || details.length === 0) return terminalError(err);
  return details
    .map((d) => {
      const path = Array.isArray(d.path) ? d.path.join('.') : (d.path ?? d.field ?? '');
      const flag = FLAG_OF.find(([re]) => re.test(path))?.[1] ?? path;
      const msg = (d.message ?? '')
        .replace(
          /^Invalid enum value\. Expected (.*), received ('.*')$/,
          (_m, allowed: string, got: string) => {
            const list = allowed.split(' | ').map((v) => v.replace(/^'|'$/g, ''));
            return `${got} is not one of ${list.join(', ')}`;
          },
        )
        .replace(/^Number must be greater than or equal to (\d+)$/, 'must be at least $1')
        .replace(/^Number must be less than or equal to (\d+)$/, 'must be at most $1');
      return `${flag}: ${msg}`;
    })
    .join('; ');
}
