/**
 * The response shapes every path of the OpenAPI document shares, written once: a JSON body,
 * the catalogue error body under each status a route can answer, and the two together.
 */

/** A JSON body with this schema. */
export const json = (schema: unknown) => ({ 'application/json': { schema } });

/** Catalogue error responses for these statuses (all carry the `Error` schema). */
export const errorResponses = (statuses: number[]): Record<string, unknown> =>
  Object.fromEntries(
    statuses.map((s) => [
      String(s),
      {
        description: 'A catalogue error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );

/** A route's `responses`: its 200 body, then a catalogue error under each of `statuses`. */
export const jobStatusResponse = (
  description: string,
  schema: unknown,
  statuses: number[],
): Record<string, unknown> => ({
  '200': { description, content: json(schema) },
  ...errorResponses(statuses),
});
