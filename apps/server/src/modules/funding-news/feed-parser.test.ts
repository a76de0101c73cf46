import { describe, expect, it } from 'vitest';
import { decodeFeedBody } from './feed-encoding.ts';
import { FeedParseError, MAX_FEED_ITEMS, MAX_FEED_TAGS, parseFeed } from './feed-parser.ts';
import { htmlToText } from './html-text.ts';
import { ATOM_FEED, RSS1_FEED, RSS2_FEED, rssWithItems } from './testing/feed-fixtures.ts';

function parseError(xml: string): FeedParseError {
  try {
    parseFeed(xml, 'https://feeds.example.com/rss');
  } catch (error) {
    expect(error).toBeInstanceOf(FeedParseError);
    return error as FeedParseError;
  }
  throw new Error('expected a FeedParseError');
}

describe('parseFeed', () => {
  it('reads RSS 2.0: entities, HTML stripped, relative links resolved, RFC 822 dates in UTC', () => {
    const feed = parseFeed(RSS2_FEED, 'https://news.example.com/feed/');
    expect(feed.format).toBe('rss2');
    expect(feed.title).toBe('Example Startup News');
    expect(feed.items).toEqual([
      {
        title: 'Berlin-based Klarheit raises €12M Series A led by Northzone',
        url: 'https://news.example.com/2026/11/klarheit-series-a/',
        summary: 'Klarheit, the compliance automation platform, has raised €12 million.',
        published_at: '2026-11-16T07:30:00.000Z',
      },
      {
        title: 'London fintech Ledgerly secures £4.5m seed round',
        url: 'https://news.example.com/2026/11/ledgerly-seed/',
        summary: 'Ledgerly & partners expand into the Nordics.',
        published_at: '2026-11-15T17:05:00.000Z',
      },
      // A permalink guid stands in for the link; an unreadable date is left out.
      {
        title: 'Opinion: what the next decade holds for European tech',
        url: 'https://news.example.com/?p=103',
      },
    ]);
  });

  it('reads RSS 1.0 (RDF) with Dublin Core dates', () => {
    const feed = parseFeed(RSS1_FEED, 'https://rdf.example.org/rss');
    expect(feed).toEqual({
      format: 'rss1',
      title: 'RDF Funding Wire',
      items: [
        {
          title: 'Paris robotics startup Mécanique raises $30 million Series B',
          url: 'https://rdf.example.org/a',
          summary: 'The round was led by Index Ventures.',
          published_at: '2026-11-10T08:00:00.000Z',
        },
      ],
    });
  });

  it('reads Atom: alternate links against xml:base, HTML and XHTML content, published before updated', () => {
    const feed = parseFeed(ATOM_FEED, 'https://atom.example.net/feed.atom');
    expect(feed.format).toBe('atom');
    expect(feed.title).toBe('Atom Venture Digest');
    expect(feed.items).toEqual([
      {
        title: "Dublin's Tidewater lands €8m for grid storage",
        url: 'https://atom.example.net/blog/posts/tidewater',
        summary: 'Tidewater raised a seed round.',
        published_at: '2026-11-11T07:15:00.000Z',
      },
      {
        title: 'Stockholm’s Nordvolt closes Series C',
        url: 'https://other.example.net/nordvolt',
        summary: 'Nordvolt closed its round.',
        published_at: '2026-11-09T00:00:00.000Z',
      },
    ]);
  });

  it("reads a feed reader's item store: entities escaped twice, day-first times, the feed's title", () => {
    const xml = `<?xml version="1.0" ?>
<root>
  <Entrys>
    <Entry>
      <FeedTitle>Startup Wire</FeedTitle>
      <Title>Lisbon&amp;#8217;s Corvo raises &amp;#8364;7M &amp;amp; opens Madrid office</Title>
      <Description>&lt;p&gt;Corvo&amp;amp;#8217;s seed round was led by Atlantic Partners. [&amp;#8230;]&lt;/p&gt;</Description>
      <URL>http://feedproxy.example.com/~r/wire/~3/abc/</URL>
      <Date>9:5 25/10/2018</Date>
    </Entry>
    <Entry>
      <FeedTitle>Startup Wire</FeedTitle>
      <Title>Second story</Title>
      <Description>Plain text.</Description>
      <URL>http://feedproxy.example.com/~r/wire/~3/def/</URL>
      <Date>24:20 25/10/2018</Date>
    </Entry>
    <Entry>
      <Title>An RFC 822 date</Title>
      <Date>Fri, 14 Sep 2018 01:21:29 +0000</Date>
    </Entry>
    <Entry>
      <Title>No usable date</Title>
      <URL>not a link</URL>
      <Date>31/02/2018</Date>
    </Entry>
  </Entrys>
</root>`;
    expect(parseFeed(xml, 'https://wire.example.com/')).toEqual({
      format: 'item_store',
      title: 'Startup Wire',
      items: [
        {
          title: 'Lisbon’s Corvo raises €7M & opens Madrid office',
          url: 'http://feedproxy.example.com/~r/wire/~3/abc/',
          summary: 'Corvo’s seed round was led by Atlantic Partners. […]',
          published_at: '2018-10-25T09:05:00.000Z',
        },
        {
          title: 'Second story',
          url: 'http://feedproxy.example.com/~r/wire/~3/def/',
          summary: 'Plain text.',
          // hour 24 of the 25th, written past midnight: 00:20 on the 26th
          published_at: '2018-10-26T00:20:00.000Z',
        },
        { title: 'An RFC 822 date', published_at: '2018-09-14T01:21:29.000Z' },
        { title: 'No usable date', url: 'https://wire.example.com/not%20a%20link' },
      ],
    });
    // one entry is still a list of one; an empty store is no items
    expect(
      parseFeed('<root><Entrys><Entry><Title>Only</Title></Entry></Entrys></root>', 'https://w.example.com/')
        .items,
    ).toEqual([{ title: 'Only' }]);
    expect(parseFeed('<root><Entrys></Entrys></root>', 'https://w.example.com/')).toEqual({
      format: 'item_store',
      title: null,
      items: [],
    });
  });

  it('keeps only http(s) links', () => {
    const xml = `<rss><channel><item><title>A</title><link>javascript:alert(1)</link></item><item><title>B</title><link>mailto:x@example.com</link></item></channel></rss>`;
    expect(parseFeed(xml, 'https://x.example.com/').items).toEqual([{ title: 'A' }, { title: 'B' }]);
  });

  it('reads at most MAX_FEED_ITEMS items', () => {
    expect(parseFeed(rssWithItems(MAX_FEED_ITEMS + 20), 'https://bulk.example.com/').items).toHaveLength(
      MAX_FEED_ITEMS,
    );
  });

  it('refuses a document of more tags than any feed has, before parsing it', () => {
    const flood = `<rss><channel>${'<item><title>t</title></item>'.repeat(MAX_FEED_TAGS / 4 + 1)}</channel></rss>`;
    expect(parseError(flood).message).toBe(
      'The feed has more than 100,000 XML tags; no news feed is that large',
    );
    // Markup inside CDATA (an article's HTML) is text, not tags.
    const html = `<p>${'<b>x</b>'.repeat(MAX_FEED_TAGS)}</p>`;
    const rich = `<rss><channel><item><title>Rich</title><description><![CDATA[${html}]]></description></item></channel></rss>`;
    expect(parseFeed(rich, 'https://rich.example.com/').items).toHaveLength(1);
  });

  it('answers an empty feed as no items', () => {
    expect(
      parseFeed('<rss version="2.0"><channel><title>Quiet</title></channel></rss>', 'https://q.example.com/'),
    ).toEqual({ format: 'rss2', title: 'Quiet', items: [] });
  });

  it('reports malformed XML with its line, never throwing anything else', () => {
    expect(parseError('<rss><channel>\n<item><title>Broken</channel></rss>').message).toMatch(
      /^The feed is not well-formed XML \(line 2\): /,
    );
    expect(parseError('<rss><channel>\n<item><title>Cut off').message).toBe(
      'The feed is not well-formed XML: it ends before <title> is closed',
    );
    expect(parseError(' \n').message).toBe('The feed answered an empty document');
    expect(parseError('<html><body>Not a feed</body></html>').message).toBe(
      'The document is XML but not an RSS or Atom feed',
    );
    expect(parseError('{"json": true}').message).toMatch(/^The feed is not well-formed XML/);
  });

  it('does not expand a billion laughs', () => {
    const lol = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [',
      '<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => {
        const previous = i === 0 ? 'lol' : `lol${i}`;
        return `<!ENTITY lol${i + 1} "${`&${previous};`.repeat(10)}">`;
      }),
      ']>',
      '<rss><channel><item><title>&lol9;</title></item></channel></rss>',
    ].join('\n');
    let parsed: ReturnType<typeof parseFeed> | undefined;
    try {
      parsed = parseFeed(lol, 'https://lol.example.com/');
    } catch (error) {
      expect(error).toBeInstanceOf(FeedParseError);
    }
    // Either refused or left unexpanded: never the 3 GB the entities describe.
    expect(JSON.stringify(parsed ?? {}).length).toBeLessThan(200_000);
  });
});

describe('htmlToText', () => {
  it('drops tags, scripts and styles, decodes entities and collapses whitespace', () => {
    expect(
      htmlToText('<p>One&nbsp;<b>two</b></p><p>three</p><script>evil()</script><style>p{}</style>'),
    ).toBe('One two three');
    expect(htmlToText('Broken <b>markup <i>left open')).toBe('Broken markup left open');
    expect(htmlToText('plain   text\n\twith space')).toBe('plain text with space');
  });
});

describe('decodeFeedBody', () => {
  it('honours the declared charset, the XML declaration and a byte-order mark', () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><rss>Café</rss>', 'latin1');
    expect(decodeFeedBody(latin1, undefined)).toContain('Café');
    expect(decodeFeedBody(Buffer.from('Café', 'latin1'), 'text/xml; charset=iso-8859-1')).toBe('Café');
    expect(
      decodeFeedBody(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<rss/>')]), undefined),
    ).toBe('<rss/>');
    expect(decodeFeedBody(Buffer.from('<rss/>'), 'text/xml; charset=no-such-charset')).toBe('<rss/>');
  });
});
