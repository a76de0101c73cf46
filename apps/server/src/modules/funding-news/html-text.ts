import { Parser } from 'htmlparser2';

/** Elements whose text is never shown to a reader. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'svg']);
/** Elements that end a line of text, so words either side do not run together. */
const BREAKS = new Set([
  'br',
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'tr',
  'td',
  'th',
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'section',
  'article',
  'header',
  'footer',
  'figure',
  'figcaption',
  'pre',
  'hr',
]);

/**
 * The readable text of an HTML fragment (a feed item's description or content): tags dropped,
 * scripts and styles dropped with their content, entities decoded, whitespace collapsed. htmlparser2
 * is forgiving, so broken markup yields its text rather than an error.
 */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return collapse(html);
  const parts: string[] = [];
  let hiddenDepth = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN.has(name)) hiddenDepth += 1;
        else if (BREAKS.has(name)) parts.push(' ');
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        else if (BREAKS.has(name)) parts.push(' ');
      },
      ontext(text) {
        if (hiddenDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return collapse(parts.join(''));
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
