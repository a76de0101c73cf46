import fc from 'fast-check';
import { type Context, hostileNumber, hostileText, type JsonSchema, nearlyValid } from './hostile-values.ts';

/**
 * fast-check arbitraries of hostile HTTP requests for one OpenAPI operation, driven by the
 * document itself so routes added later are covered without listing them here.
 */

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
