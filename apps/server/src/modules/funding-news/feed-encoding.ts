import { TextDecoder } from 'node:util';

/**
 * A feed's bytes as text. The charset comes from Content-Type, else the XML declaration, else
 * UTF-8 (XML's default); a byte-order mark wins over both. Unknown labels fall back to UTF-8, and
 * invalid bytes become U+FFFD rather than an error: a mis-declared feed is still worth reading.
 */
function labelFromContentType(contentType: string | undefined): string | undefined {
  return contentType?.match(/charset\s*=\s*"?([\w.:-]+)"?/i)?.[1];
}

function labelFromDeclaration(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 200).toString('latin1');
  return head.match(/^<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/)?.[1];
}

function decoderFor(label: string | undefined): TextDecoder {
  try {
    return new TextDecoder(label ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

export function decodeFeedBody(bytes: Buffer, contentType: string | undefined): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  return decoderFor(labelFromContentType(contentType) ?? labelFromDeclaration(bytes)).decode(bytes);
}
