import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type FieldError, validationError } from './errors.ts';

/**
 * Text PostgreSQL cannot store faithfully is refused before any route sees it (decision 008):
 * a NUL character (text columns reject it; jsonb rejects \u0000) or a lone UTF-16 surrogate
 * (UTF-8 cannot encode it, so the driver would silently store U+FFFD instead of what was sent).
 */
// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function unstorableTextReason(text: string): string | undefined {
  if (text.includes('\0')) return 'must not contain a NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain a lone UTF-16 surrogate (invalid Unicode)';
  return undefined;
}

/** A place in the walked value: its key and its parent, so a path is built only when needed. */
interface Place {
  key: string;
  parent: Place | undefined;
}

/** Paths deeper than this are shown by their last keys only (the answer stays small). */
const SHOWN_PATH_KEYS = 12;

function pathOf(place: Place | undefined, last?: string): string {
  const keys = last === undefined ? [] : [last];
  let at = place;
  for (; at && keys.length < SHOWN_PATH_KEYS; at = at.parent) keys.push(at.key);
  if (at) keys.push('…');
  return keys.reverse().join('.');
}

/**
 * The first string value or object key under `root` that cannot be stored. Linear in the size of
 * the value and without recursion, so deep nesting costs neither the stack nor quadratic time.
 */
export function findUnstorableText(root: unknown): FieldError | undefined {
  const stack: { value: unknown; place: Place | undefined }[] = [{ value: root, place: undefined }];
  while (stack.length > 0) {
    const { value, place } = stack.pop()!;
    if (typeof value === 'string') {
      const reason = unstorableTextReason(value);
      if (reason) return { path: pathOf(place), message: reason };
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], place: { key: String(index), parent: place } });
      }
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!;
        const reason = unstorableTextReason(key);
        if (reason) return { path: pathOf(place, printable(key)), message: `key ${reason}` };
        stack.push({ value: child, place: { key, parent: place } });
      }
    }
  }
  return undefined;
}

/** A key that is itself bad text, shown escaped so the answer stays valid Unicode. */
function printable(key: string): string {
  return JSON.stringify(key)
    .slice(1, -1)
    .replace(/[\uD800-\uDFFF]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`);
}

export function assertStorableText(parts: Record<string, unknown>): void {
  for (const part of Object.values(parts)) {
    const found = findUnstorableText(part);
    if (found) throw validationError([found]);
  }
}

/**
 * Every route, present and future: the parsed body, query string and path parameters are checked
 * before validation, so the answer names the field and nothing is written. (Uploaded files are
 * checked where they are read: csv.routes refuses NUL bytes; decoding UTF-8 cannot yield a lone
 * surrogate.)
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    // Only the parts a route declares: it reads nothing else, so nothing else can reach the database.
    const schema = request.routeOptions.schema ?? {};
    assertStorableText({
      params: schema.params ? request.params : undefined,
      query: schema.querystring ? request.query : undefined,
      body: schema.body ? request.body : undefined,
    });
  });
}
