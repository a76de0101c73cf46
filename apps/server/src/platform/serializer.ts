import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const isNullSchema = (value: unknown) =>
  typeof value === 'object' && value !== null && (value as JsonSchema).type === 'null';

/**
 * Rewrites zod's `anyOf: [X, {type: 'null'}]` (every `.nullable()`) as `X` with `nullable: true`:
 * fast-json-stringify writes a nullable field with one `=== null` check, whereas an anyOf makes it
 * run a schema validator on every value to pick the branch.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, simplify(value)]));
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNullSchema)) {
    const { anyOf: _nullable, ...rest } = schema;
    const other = anyOf.find((branch) => !isNullSchema(branch)) as JsonSchema;
    if (other.anyOf === undefined && other.oneOf === undefined && other.$ref === undefined) {
      return { ...rest, ...other, nullable: true };
    }
  }
  return schema;
}

/** The JSON Schema a response is written by: zod's output shape, nullable fields simplified. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-07' });
  const { $schema: _dialect, ...rest } = simplify(jsonSchema) as JsonSchema;
  return rest;
}

/**
 * Every route's response is written by fast-json-stringify, compiled once per route and status from
 * the zod schema it declares (decision 007). Unlike zod's encode this does not re-validate the
 * body on every request; it writes only the declared properties, so a column the contract does not
 * name never leaks, and the route's TypeScript types and its tests guarantee the rest of the shape.
 */
export function responseSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  const jsonSchema = schema instanceof z.ZodType ? responseJsonSchema(schema) : (schema as JsonSchema);
  return fastJson(jsonSchema) as (data: unknown) => string;
}

export function registerResponseSerializer(app: FastifyInstance): void {
  app.setSerializerCompiler(responseSerializerCompiler);
}
