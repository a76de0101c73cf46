/**
 * The file name a Content-Disposition header suggests (RFC 6266), else `fallback`.
 *
 * - `filename*` (RFC 5987: `charset'language'percent-encoded`) wins over `filename`, because it is
 *   the only form that carries non-ASCII names; one that does not decode is skipped.
 * - `filename` may be a quoted string (backslash escapes undone) or a bare token.
 * - Folder parts are dropped so a hostile header cannot name a path outside the downloads.
 */
export function filenameFromContentDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const params = dispositionParams(header);
  const extended = params.get('filename*');
  const name = (extended === undefined ? undefined : decodeExtendedValue(extended)) ?? params.get('filename');
  return baseName(name) ?? fallback;
}

/** `name=value` pairs after the disposition type; names lower-cased, the first of a name kept. */
function dispositionParams(header: string): Map<string, string> {
  const params = new Map<string, string>();
  // A quoted value is matched whole, so a ';' inside quotes does not end it.
  const pattern = /(?:^|;)\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const [, name = '', raw = ''] of header.matchAll(pattern)) {
    const key = name.toLowerCase();
    if (!params.has(key)) params.set(key, unquote(raw.trim()));
  }
  return params;
}

function unquote(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  return value.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** "UTF-8''na%C3%AFve.csv" → 'naïve.csv'; undefined when it is not in that form or does not decode. */
function decodeExtendedValue(value: string): string | undefined {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return undefined;
  const [, charset = '', encoded = ''] = match;
  try {
    // ISO-8859-1 escapes are single bytes, one character each; everything else is read as UTF-8.
    if (/^iso-8859-1$/i.test(charset)) {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/** The last path segment, trimmed; undefined when nothing usable is left. */
function baseName(name: string | undefined): string | undefined {
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base && base !== '.' && base !== '..' ? base : undefined;
}
