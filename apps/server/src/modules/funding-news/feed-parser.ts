import { parseArticleDate } from '@atempo/contracts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { htmlToText } from './html-text.ts';

/**
 * RSS 2.0, RSS 1.0 (RDF) and Atom feeds read into plain items. fast-xml-parser with namespace
 * prefixes removed (dc:date → date, content:encoded → encoded, rdf:RDF → RDF) and values kept as
 * strings; DOCTYPE entities are expanded under tight limits, so a "billion laughs" document fails
 * instead of filling memory. Anything that is not well-formed XML, or not a feed, is a
 * FeedParseError with a sentence to show on the Sources page.
 */

/** `item_store`: a feed reader's saved items (`root/Entrys/Entry`), as users export them. */
export type FeedFormat = 'rss2' | 'rss1' | 'atom' | 'item_store';

export interface FeedItem {
  title: string;
  /** Absolute http(s) link to the article; undefined when the item has none usable. */
  url?: string;
  /** Plain text, HTML removed. */
  summary?: string;
  /** ISO 8601 in UTC. */
  published_at?: string;
}

export interface ParsedFeed {
  format: FeedFormat;
  title: string | null;
  items: FeedItem[];
}

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

/**
 * Markup tags (CDATA sections not counted) beyond which a document is refused before parsing: a
 * 500-item feed has some 15,000, while 10 MB of tiny elements would hold the parser (and the API's
 * event loop during a Test fetch) for many seconds.
 */
export const MAX_FEED_TAGS = 100_000;

/** More items than any news feed carries; beyond it the rest are ignored. */
export const MAX_FEED_ITEMS = 500;
const MAX_TITLE_LENGTH = 500;
const MAX_SUMMARY_LENGTH = 20_000;

type Node = unknown;
type Element = Record<string, Node>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Named HTML entities (&rsquo;, &nbsp;) are common in feeds although XML does not define them.
  htmlEntities: true,
  processEntities: {
    enabled: true,
    maxEntitySize: 1_000,
    maxEntityCount: 50,
    maxTotalExpansions: 1_000,
    maxExpandedLength: 100_000,
  },
  maxNestedTags: 200,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link' || name === 'Entry',
});

function isElement(node: Node): node is Element {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** All the text inside a node, in document order as far as the parsed object keeps it. */
function textOf(node: Node): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join(' ');
  if (isElement(node)) {
    const parts: string[] = [];
    for (const [key, value] of Object.entries(node)) {
      if (!key.startsWith('@_')) parts.push(textOf(value));
    }
    return parts.join(' ');
  }
  return '';
}

function first(node: Node): Node {
  return Array.isArray(node) ? node[0] : node;
}

function attribute(node: Node, name: string): string | undefined {
  const value = isElement(node) ? node[`@_${name}`] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** An absolute http(s) URL, resolved against the base; undefined for anything else. */
function absoluteUrl(raw: string | undefined, base: string): string | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  try {
    const url = new URL(text, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    const href = url.toString();
    return href.length <= 2_000 ? href : undefined;
  } catch {
    return undefined;
  }
}

function readableText(node: Node, max: number): string | undefined {
  const text = htmlToText(textOf(node));
  return text ? clip(text, max) : undefined;
}

function item(
  title: Node,
  link: string | undefined,
  summaries: Node[],
  dates: Node[],
  base: string,
): FeedItem | undefined {
  const titleText = readableText(title, MAX_TITLE_LENGTH);
  if (!titleText) return undefined;
  const summaryNode = summaries.find((node) => textOf(node).trim() !== '');
  const summary = summaryNode === undefined ? undefined : readableText(summaryNode, MAX_SUMMARY_LENGTH);
  const dateText = dates.map((node) => textOf(first(node)).trim()).find((text) => text !== '');
  const published = dateText ? parseArticleDate(dateText) : undefined;
  return {
    title: titleText,
    ...(absoluteUrl(link, base) ? { url: absoluteUrl(link, base) } : {}),
    ...(summary ? { summary } : {}),
    ...(published ? { published_at: published.toISOString() } : {}),
  };
}

/** xml:base on the feed or item changes what relative links resolve against. */
function baseOf(node: Node, inherited: string): string {
  return absoluteUrl(attribute(node, 'base'), inherited) ?? inherited;
}

function rssItem(node: Node, base: string): FeedItem | undefined {
  if (!isElement(node)) return undefined;
  const itemBase = baseOf(node, base);
  const guid = first(node.guid);
  const guidIsLink = attribute(guid, 'isPermaLink') !== 'false';
  const link = textOf(first(node.link)).trim() || (guidIsLink ? textOf(guid).trim() : undefined);
  return item(
    node.title,
    link,
    [node.description, node.encoded, node.summary],
    [node.pubDate, node.date, node.published, node.updated],
    itemBase,
  );
}

function atomLink(links: Node): string | undefined {
  const all = (Array.isArray(links) ? links : [links]).filter(isElement);
  const alternate =
    all.find((link) => (attribute(link, 'rel') ?? 'alternate') === 'alternate' && attribute(link, 'href')) ??
    all.find((link) => attribute(link, 'href'));
  return alternate ? attribute(alternate, 'href') : undefined;
}

function atomEntry(node: Node, base: string): FeedItem | undefined {
  if (!isElement(node)) return undefined;
  const entryBase = baseOf(node, base);
  return item(
    node.title,
    atomLink(node.link),
    [node.summary, node.content],
    [node.published, node.updated, node.issued, node.modified],
    entryBase,
  );
}

/**
 * A feed reader's own store writes times as "16:16 25/10/2018" (even "14:0 25/10/2018"): day first,
 * no zone (read as UTC, as a date without a zone is everywhere else). Past midnight it may still
 * write the old day with hour 24 ("24:20 25/10/2018", listed after 23:54 of the 25th): that is 00:20
 * on the 26th, which Date.UTC's rollover gives. Other dates go to the common reader.
 */
const STORE_TIME = /^(\d{1,2}):(\d{1,2})\s+(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function storeDate(node: Node): Node {
  const text = textOf(first(node)).trim();
  const match = STORE_TIME.exec(text);
  if (!match) return text;
  const [, hour, minute, day, month, year] = match.map(Number) as number[];
  // 31/02 or 25:70 is no date at all (Date.UTC would roll it into another day)
  const calendarDay = new Date(Date.UTC(year!, month! - 1, day!));
  if (calendarDay.getUTCDate() !== day || calendarDay.getUTCMonth() !== month! - 1) return '';
  if (hour! > 24 || minute! > 59) return '';
  return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!)).toISOString();
}

/** An entity left in text already decoded once ("&#8217;" from a store's "&amp;amp;#8217;"). */
const LEFT_ENTITY = /&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z]{2,8});/i;

/** A store may escape its entities once more than a feed does: decode what is left once more. */
function storeText(node: Node): string {
  const text = htmlToText(textOf(node));
  return LEFT_ENTITY.test(text) ? htmlToText(text) : text;
}

/** An item of a feed reader's store: `Title`, `Description`, `URL`, `Date` (and a `FeedTitle`). */
function storeEntry(node: Node, base: string): FeedItem | undefined {
  if (!isElement(node)) return undefined;
  return item(
    storeText(node.Title),
    textOf(first(node.URL)).trim(),
    [storeText(node.Description)],
    [storeDate(node.Date)],
    base,
  );
}

function collect(nodes: Node, read: (node: Node) => FeedItem | undefined): FeedItem[] {
  const items: FeedItem[] = [];
  for (const node of Array.isArray(nodes) ? nodes : nodes === undefined ? [] : [nodes]) {
    if (items.length >= MAX_FEED_ITEMS) break;
    const parsed = read(node);
    if (parsed) items.push(parsed);
  }
  return items;
}

/** Counts '<' outside CDATA sections, stopping once past the limit. */
function tooManyTags(xml: string): boolean {
  let tags = 0;
  for (let at = xml.indexOf('<'); at !== -1; at = xml.indexOf('<', at + 1)) {
    if (xml.startsWith('<![CDATA[', at)) {
      const end = xml.indexOf(']]>', at + 9);
      if (end === -1) return false;
      at = end;
      continue;
    }
    tags += 1;
    if (tags > MAX_FEED_TAGS) return true;
  }
  return false;
}

/**
 * The validator's finding as a sentence. A truncated document (the commonest fault of a feed cut
 * off mid-transfer) is reported by fast-xml-parser as a JSON list of the tags left open, at line 1.
 */
function describeInvalidXml(error: { code: string; msg: string; line: number }): string {
  const unclosed = error.code === 'InvalidXml' ? /^Invalid '\[(.*)\]' found\.$/s.exec(error.msg) : null;
  if (unclosed) {
    const tags = [...(unclosed[1] ?? '').matchAll(/"([^"]+)"/g)].map((match) => match[1]);
    const innermost = tags.at(-1);
    if (innermost)
      return `The feed is not well-formed XML: it ends before <${clip(innermost, 60)}> is closed`;
  }
  return `The feed is not well-formed XML (line ${error.line}): ${clip(error.msg, 300)}`;
}

/** Reads a feed document; `baseUrl` (the URL it came from) resolves relative links. */
export function parseFeed(xml: string, baseUrl: string): ParsedFeed {
  if (xml.trim() === '') throw new FeedParseError('The feed answered an empty document');
  if (tooManyTags(xml)) {
    throw new FeedParseError(
      `The feed has more than ${MAX_FEED_TAGS.toLocaleString('en-GB')} XML tags; no news feed is that large`,
    );
  }
  const validation = XMLValidator.validate(xml);
  if (validation !== true) throw new FeedParseError(describeInvalidXml(validation.err));
  let document: Element;
  try {
    document = parser.parse(xml) as Element;
  } catch (error) {
    throw new FeedParseError(`The feed could not be read: ${clip((error as Error).message, 300)}`);
  }

  const rss = document.rss;
  if (isElement(rss)) {
    const channel = first(rss.channel);
    if (!isElement(channel)) throw new FeedParseError('The RSS document has no channel');
    const base = baseOf(channel, baseUrl);
    return {
      format: 'rss2',
      title: readableText(channel.title, MAX_TITLE_LENGTH) ?? null,
      items: collect(channel.item, (node) => rssItem(node, base)),
    };
  }
  const rdf = document.RDF;
  if (isElement(rdf)) {
    const channel = first(rdf.channel);
    // RSS 1.0 keeps items beside the channel; some writers nest them anyway.
    const items = rdf.item ?? (isElement(channel) ? channel.item : undefined);
    return {
      format: 'rss1',
      title: isElement(channel) ? (readableText(channel.title, MAX_TITLE_LENGTH) ?? null) : null,
      items: collect(items, (node) => rssItem(node, baseUrl)),
    };
  }
  const feed = document.feed;
  if (isElement(feed)) {
    const base = baseOf(feed, baseUrl);
    return {
      format: 'atom',
      title: readableText(feed.title, MAX_TITLE_LENGTH) ?? null,
      items: collect(feed.entry, (node) => atomEntry(node, base)),
    };
  }
  const store = isElement(document.root) ? document.root.Entrys : undefined;
  if (isElement(store) || store === '') {
    const entries = isElement(store) ? store.Entry : undefined;
    const feedTitle = Array.isArray(entries) && isElement(entries[0]) ? entries[0].FeedTitle : undefined;
    return {
      format: 'item_store',
      title: readableText(feedTitle, MAX_TITLE_LENGTH) ?? null,
      items: collect(entries, (node) => storeEntry(node, baseUrl)),
    };
  }
  if (feed === '' || rss === '') return { format: feed === '' ? 'atom' : 'rss2', title: null, items: [] };
  throw new FeedParseError('The document is XML but not an RSS or Atom feed');
}
