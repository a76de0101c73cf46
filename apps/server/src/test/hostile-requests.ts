import fc from 'fast-check';

/**
 * fast-check arbitraries of hostile HTTP requests for one OpenAPI operation, driven by the
 * document itself so routes added later are covered without listing them here.
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

export interface OpenApiOperation {
  security?: unknown[];
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, unknown>;
}

export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface Context {
  /** Ids that exist in the signed-in organisation (a company, a deal, a member…). */
  ids: string[];
  token: string;
  components: Record<string, JsonSchema>;
}

/** Text PostgreSQL cannot store, text that breaks naive code, and plain odd text. */
const hostileText = fc.oneof(
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
const hostileNumber = fc.oneof(
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

/** Bodies that are not JSON, or JSON that parsers and validators choke on. */
const brokenJson = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'null',
    '[]',
    '"text"',
    '1e309',
    '{"amount_requested": 1e309}',
    '{"__proto__": {"role": "admin"}}',
    '{"constructor": {"prototype": {"role": "admin"}}}',
    '{"a": 1, "a": 2}',
    '\ufeff{}',
    '{"name": "\\ud800"}',
    '{"name": "\\u0000"}',
  ),
  fc.integer({ min: 100, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 100, max: 5_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.string({ maxLength: 60 }),
);

const jsonContentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
);

const BOUNDARY = 'hostile-boundary';

const csvText = fc.oneof(
  fc.constantFrom(
    'name\r\nAcme Ltd\r\n',
    'company_name,amount_requested\r\nAcme Ltd,1000000\r\n',
    'name\r\n"unterminated\r\n',
    'name,name\r\nA,B\r\n',
    '',
    '\ufeffname;industry\r\nA;B\r\n',
    `name\r\n${'x'.repeat(5000)}\r\n`,
  ),
  fc
    .array(fc.array(hostileText, { minLength: 1, maxLength: 4 }), { maxLength: 6 })
    .map((rows) => ['name,industry,revenue', ...rows.map((cells) => cells.join(','))].join('\r\n')),
);

function multipartBody(csv: string | Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="import.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** Well-formed uploads of odd CSVs, and uploads broken in each way a client can break them. */
const multipart: fc.Arbitrary<{ contentType?: string; payload?: string | Buffer }> = fc.oneof(
  csvText.map((csv) => ({
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: multipartBody(csv),
  })),
  csvText.map((csv) => ({
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: multipartBody(csv).subarray(0, -(BOUNDARY.length + 8)),
  })),
  fc.constantFrom(
    { contentType: 'multipart/form-data', payload: multipartBody('name\r\nA\r\n') },
    { contentType: 'multipart/form-data; boundary=other', payload: multipartBody('name\r\nA\r\n') },
    { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: '' },
    { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: `--${BOUNDARY}\r\n` },
    {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    },
    { contentType: 'application/json', payload: '{"file": "name\\nA"}' },
    { contentType: 'text/csv', payload: 'name\r\nA\r\n' },
    { contentType: undefined, payload: multipartBody('name\r\nA\r\n') },
    {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: multipartBody(Buffer.from([0, 1, 2, 0xff])),
    },
  ),
);

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as U+FFFD's bytes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/** Path parameter values: real ids, random ids, and ids the router and validators must survive. */
function pathValue(context: Context): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...context.ids),
    fc.uuid(),
    // Dot segments are resolved away by URL parsing before the server sees them.
    hostileText
      .filter((text) => text !== '' && text !== '.' && text !== '..' && text.length < 500)
      .map(encode),
    fc.constantFrom('%E0%A4%A', '%', '%zz', '%ED%A0%80', '%00', '%C0%AF', 'a'.repeat(250), 'a'.repeat(2000)),
  );
}

/** How a value reads in a query string; objects (some without a prototype) as JSON. */
function asQueryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function queryString(operation: OpenApiOperation, context: Context): fc.Arbitrary<string> {
  const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  const pair = fc.oneof(
    ...(declared.length
      ? [
          fc
            .tuple(
              fc.constantFrom(...declared),
              fc.oneof(hostileText, hostileNumber.map(String), fc.constant('')),
            )
            .map(([parameter, value]) => `${parameter.name}=${encode(value)}`),
          fc
            .constantFrom(...declared)
            .chain((parameter) =>
              nearlyValid(parameter.schema ?? {}, context).map(
                (value) => `${parameter.name}=${encode(asQueryText(value))}`,
              ),
            ),
        ]
      : []),
    fc.constantFrom(
      '__proto__[admin]=1',
      'constructor[prototype][admin]=1',
      '__proto__=x',
      'limit=1&limit=2',
      'stage=%E0%A4%A',
      'q=%00',
      'unknown=1',
      '=',
      '&&&',
    ),
  );
  return fc.array(pair, { maxLength: 4 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

function authorization(operation: OpenApiOperation, context: Context): fc.Arbitrary<Record<string, string>> {
  const signedIn = { authorization: `Bearer ${context.token}` };
  if (!operation.security?.length) return fc.constant({});
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(signedIn) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Record<string, string>>(
        {},
        { authorization: 'Bearer not-a-token' },
        { authorization: 'Basic YTpi' },
        { authorization: `Bearer ${context.token}x` },
      ),
    },
  );
}

function body(
  method: string,
  operation: OpenApiOperation,
  context: Context,
): fc.Arbitrary<{ contentType?: string; payload?: string | Buffer }> {
  const content = operation.requestBody?.content ?? {};
  if (content['multipart/form-data']) return multipart;
  const schema = content['application/json']?.schema;
  const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
  if (!takesBody) return fc.constant({});
  const raw = fc
    .tuple(jsonContentType, brokenJson)
    .map(([contentType, payload]) => ({ contentType, payload }));
  if (!schema) return fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: raw });
  const structured = nearlyValid(schema, context).map((value) => ({
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? 'null',
  }));
  return fc.oneof({ weight: 4, arbitrary: structured }, { weight: 1, arbitrary: raw });
}

/** Hostile requests for one operation of the document. */
export function hostileRequests(
  method: string,
  path: string,
  operation: OpenApiOperation,
  context: Context,
): fc.Arbitrary<HostileRequest> {
  const parameterNames = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const pathValues = fc.tuple(...parameterNames.map(() => pathValue(context)));
  return fc
    .record({
      values: pathValues,
      query: queryString(operation, context),
      auth: authorization(operation, context),
      body: body(method, operation, context),
    })
    .map(({ values, query, auth, body: { contentType, payload } }) => {
      let url = path;
      parameterNames.forEach((name, index) => {
        url = url.replace(`{${name}}`, values[index]!);
      });
      return {
        method,
        url: `${url}${query}`,
        headers: { ...auth, ...(contentType ? { 'content-type': contentType } : {}) },
        ...(payload !== undefined ? { payload } : {}),
      };
    });
}

/** A failing request, short enough to read in a test report. */
export function describeRequest(request: HostileRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : JSON.stringify(request.payload.toString().slice(0, 600)) +
        (request.payload.length > 600 ? ` … (${request.payload.length} bytes)` : '');
  const url =
    request.url.length > 300 ? `${request.url.slice(0, 300)}… (${request.url.length} chars)` : request.url;
  return `${request.method} ${url}\nheaders: ${JSON.stringify({ ...request.headers, authorization: request.headers.authorization ? '…' : undefined })}\nbody: ${payload}`;
}
