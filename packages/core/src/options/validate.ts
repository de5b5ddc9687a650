import type { z } from 'zod';
import { DistillError } from '../errors/distill-error.js';

export interface FieldIssue {
  /** Dotted path of the field, for example `parsers.0.maxPages`. */
  field: string;
  message: string;
  code: string;
}

/**
 * Parses `input` with `schema`, returning the defaulted value or throwing a 400 BAD_REQUEST
 * whose `details` lists each failing field.
 */
export function validate<S extends z.ZodTypeAny>(schema: S, input: unknown, what = 'request'): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details: FieldIssue[] = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || '(root)',
    message: issue.message,
    code: issue.code,
  }));
  const summary = details.map((d) => `${d.field}: ${d.message}`).join('; ');
  throw new DistillError('BAD_REQUEST', `Bad Request: invalid ${what}: ${summary}`, { details });
}
