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

/**
 * `validate` for options given again and again (a loop over files with one options object):
 * zod costs about 80 µs a call, a sizeable share of a one-page PDF's parse. Plain JSON inputs
 * are remembered by their text, per schema; a hit returns a copy (callers may change what they
 * get). Anything else (a function, a class instance, undefined, a non-finite number) is
 * validated every time, and so is input that fails.
 */
export function validateMemo<S extends z.ZodTypeAny>(
  schema: S,
  input: unknown,
  what = 'request',
): z.output<S> {
  const value = input ?? {};
  const key = plainJson(value, 0) ? JSON.stringify(value) : undefined;
  if (key === undefined) return validate(schema, value, what);
  let memo = memos.get(schema);
  if (!memo) {
    memo = new Map();
    memos.set(schema, memo);
  }
  const hit = memo.get(key);
  if (hit !== undefined) return copyPlain(hit) as z.output<S>;
  const out = validate(schema, value, what);
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  memo.set(key, copyPlain(out));
  return out;
}

/**
 * A deep copy of validated plain data (objects, arrays, primitives, undefined): what
 * structuredClone gives for it, at about a twentieth of the cost (structuredClone serialises
 * and deserialises, some 17 µs for parse options against under 1 µs here). Anything else
 * (a Date, a Map, a class instance zod let through) goes to structuredClone.
 */
function copyPlain(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(copyPlain);
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Record<string, unknown> = proto === null ? Object.create(null) : {};
  for (const k of Object.keys(v)) out[k] = copyPlain((v as Record<string, unknown>)[k]);
  return out;
}

const MEMO_SIZE = 32;
const memos = new WeakMap<z.ZodTypeAny, Map<string, unknown>>();

/** Whether JSON text says all of `v`: strings, finite numbers, booleans, null, arrays and plain objects of them. */
function plainJson(v: unknown, depth: number): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (typeof v !== 'object' || depth > 32) return false;
  if (Array.isArray(v)) return v.every((x) => plainJson(x, depth + 1));
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  // A key holding undefined is not (JSON drops it, zod keeps it).
  return Object.values(v).every((x) => plainJson(x, depth + 1));
}
