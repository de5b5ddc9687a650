import { DistillError } from '@distill/core';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

/**
 * The json format's `schema`, checked with a real JSON Schema validator (ajv): a schema that
 * does not compile is refused before the model is asked, and an answer that does not conform
 * is the spec's 422 ("model could not produce a conforming result"), with ajv's findings in
 * `details`. Unknown keywords and formats are tolerated (strict: false), as models' schemas use them.
 */
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });

export function compileSchema(schema: Record<string, unknown>): ValidateFunction {
  // `$schema` names a dialect (draft-07, 2020-12, ...); the keywords models' schemas use are
  // read the same way in each, and an unknown dialect URI would otherwise fail the compile.
  const { $schema: _dialect, ...rest } = schema;
  try {
    return ajv.compile(rest);
  } catch (e) {
    throw new DistillError(
      'UNPROCESSABLE_ENTITY',
      `Unprocessable Entity: invalid JSON Schema (${(e as Error).message})`,
      {
        details: [{ field: 'formats.schema', message: (e as Error).message, code: 'invalid_schema' }],
      },
    );
  }
}

const issues = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).slice(0, 20).map((e) => ({
    field: e.instancePath || '/',
    message: e.message ?? e.keyword,
    code: e.keyword,
  }));

export function requireConforming(validate: ValidateFunction, value: unknown, who: string): void {
  if (validate(value)) return;
  const found = issues(validate.errors);
  throw new DistillError(
    'UNPROCESSABLE_ENTITY',
    `Unprocessable Entity: the answer of ${who} does not conform to the schema (${found
      .slice(0, 3)
      .map((i) => `${i.field} ${i.message}`)
      .join('; ')})`,
    { details: found },
  );
}
