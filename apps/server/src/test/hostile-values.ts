import fc from 'fast-check';

/**
 * Hostile JSON values for fast-check: text PostgreSQL cannot store, numbers it or the maths cannot
 * take, wrong types, and values that follow a JSON schema of the OpenAPI document except in one place.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
}
export interface Context {
  /** Ids that exist in the signed-in organisation (a company, a deal, a member…). */
  ids: string[];
  token: string;
  components: Record<string, JsonSchema>;
}
/** Text PostgreSQL cannot store, text that breaks naive code, and plain odd text. */
export const hostileText = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom('\u0000', 'Acme\u0000 Ltd', '\ud800', 'Acme \udc00 Ltd', '\ud83d'),
  },
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    '\udbff\ud800',
    '🚀',
    '__proto__',
    'constructor',
    'prototype',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '%E0%A4%A',
    '\u202e\u200b\ufeff',
    '=HYPERLINK("x")',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    'null',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(10_001, 100_001).map((length) => 'x'.repeat(length)),
);

/** Numbers PostgreSQL or the maths cannot take, and ordinary edge cases. */
export const hostileNumber = fc.oneof(
  fc.constantFrom(
    5e-324,
    -5e-324,
    1e-50,
    1e-40,
    1e308,
    -1e308,
    Number.MAX_VALUE,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 63,
    1e15 + 1,
    -0,
    0,
    0.5,
    1,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON value of the wrong kind (nulls, booleans, arrays, objects with prototype-ish keys). */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], { constructor: 1 }, { prototype: { admin: true } }),
  hostileText,
  hostileNumber,
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: wrongType },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileText, hostileText, { maxKeys: 4 }) },
);

function resolve(schema: JsonSchema, context: Context): JsonSchema {
  if (!schema.$ref) return schema;
  return context.components[schema.$ref.split('/').at(-1)!] ?? {};
}

/**
 * A value that follows `schema` except in one place, at any depth (or, now and then, nowhere): it
 * gets past every other check and reaches the deeper code with exactly the value to refuse there.
 */
export function nearlyValid(schema: JsonSchema, context: Context): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 1, arbitrary: valid(schema, context, 0) },
    { weight: 4, arbitrary: mutated(schema, context, 0) },
  );
}

function mutated(schema: JsonSchema, context: Context, depth: number): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, context);
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => mutated(variant, context, depth + 1)));
  const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
  const entries = Object.entries(resolved.properties ?? {});
  if (depth > 5 || (type === 'object' && entries.length === 0)) return hostileValue;
  if (type === 'object') {
    const shape = Object.fromEntries(entries.map(([key, child]) => [key, valid(child, context, depth + 1)]));
    const requiredKeys = entries.map(([key]) => key).filter((key) => resolved.required?.includes(key));
    const oneFieldBad = fc
      .constantFrom(...entries)
      .chain(([key, child]) =>
        fc.record(
          { ...shape, [key]: mutated(child, context, depth + 1) },
          { requiredKeys: [...new Set([...requiredKeys, key])] },
        ),
      );
    return fc.oneof({ weight: 5, arbitrary: oneFieldBad }, { weight: 1, arbitrary: hostileValue });
  }
  if (type === 'array' && resolved.items) {
    const items = resolved.items;
    return fc
      .tuple(fc.array(valid(items, context, depth + 1), { maxLength: 3 }), mutated(items, context, depth + 1))
      .map(([list, bad]) => [...list, bad]);
  }
  return hostileFor(type);
}

/** Hostile values, mostly of the kind the field expects (text for text, numbers for numbers). */
function hostileFor(type: string | undefined): fc.Arbitrary<unknown> {
  if (type === 'string')
    return fc.oneof({ weight: 4, arbitrary: hostileText }, { weight: 1, arbitrary: wrongType });
  if (type === 'number' || type === 'integer') {
    return fc.oneof({ weight: 4, arbitrary: hostileNumber }, { weight: 1, arbitrary: wrongType });
  }
  return hostileValue;
}

function valid(schema: JsonSchema, context: Context, depth: number): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, context);
  if (depth > 5) return fc.constant(null);
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => valid(variant, context, depth + 1)));
  if (resolved.allOf?.length) return valid(resolved.allOf[0]!, context, depth + 1);
  if (resolved.enum?.length) return fc.constantFrom(...resolved.enum);
  if (resolved.const !== undefined) return fc.constant(resolved.const);
  const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
  switch (type) {
    case 'object': {
      const entries = Object.entries(resolved.properties ?? {});
      const shape = Object.fromEntries(
        entries.map(([key, child]) => [key, valid(child, context, depth + 1)]),
      );
      const requiredKeys = entries.map(([key]) => key).filter((key) => resolved.required?.includes(key));
      return fc.record(shape, { requiredKeys });
    }
    case 'array':
      return fc.array(resolved.items ? valid(resolved.items, context, depth + 1) : fc.string(), {
        maxLength: 3,
      });
    case 'string':
      return validString(resolved, context);
    case 'integer':
    case 'number':
      return validNumber(resolved, type === 'integer');
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.constant(null);
  }
}

/** Whole numbers and cents inside the bounds (never the denormals fc.double likes to try). */
function validNumber(
  schema: JsonSchema & { exclusiveMinimum?: number; exclusiveMaximum?: number },
  integer: boolean,
) {
  const low = Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1e6) + 0.01, -1e12);
  const high = Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? 1e6) - 0.01, 1e12);
  const whole = fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) });
  if (integer) return whole;
  const cents = fc
    .integer({ min: Math.ceil(low * 100), max: Math.floor(high * 100) })
    .map((value) => value / 100);
  return fc.oneof(whole, cents);
}

function validString(schema: JsonSchema & { minLength?: number; maxLength?: number }, context: Context) {
  switch (schema.format) {
    case 'uuid':
      return fc.oneof(fc.constantFrom(...context.ids), fc.uuid());
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc.constantFrom('2024-02-29', '2023-12-31', '1999-01-01');
    case 'date-time':
      return fc.constantFrom('2024-02-29T12:00:00.000Z', '2023-12-31T23:59:59Z');
    case 'uri':
      return fc.webUrl();
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.string({ minLength, maxLength });
}
