import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/** Writes one answer as the JSON text of its contract's schema. */
export type AnswerSerializer<T> = (answer: T) => string;

/**
 * A serializer compiled once from the contract's schema as JSON Schema (fast-json-stringify, what
 * Fastify itself uses): it writes the schema's properties in the schema's order and nothing else,
 * several times faster than a zod parse followed by JSON.stringify (docs/decisions/056). With `check`
 * the answer is also parsed by the zod schema first, so every test and development run still
 * refuses an answer the contract does not allow; production skips that parse on every cache miss.
 */
export function compileAnswerSerializer<T extends z.ZodType>(
  schema: T,
  { check }: { check: boolean },
): AnswerSerializer<z.input<T>> {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
  delete jsonSchema.$schema;
  const write = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  return check ? (answer) => write(schema.parse(answer)) : (answer) => write(answer);
}
