/**
 * Feeds as publishers write them, for tests: RSS 2.0 in WordPress's shape (CDATA, content:encoded,
 * dc:creator, RFC 822 dates), RSS 1.0 (RDF, dc:date) and Atom (relative links, xml:base, HTML and
 * XHTML content). The stories are invented for the tests.
 */

export const RSS2_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
  <title>Example Startup News</title>
  <link>https://news.example.com/</link>
  <description>Funding rounds across Europe</description>
  <item>
    <title>Berlin-based Klarheit raises &#8364;12M Series A led by Northzone</title>
    <link>https://news.example.com/2026/11/klarheit-series-a/</link>
    <guid isPermaLink="false">https://news.example.com/?p=101</guid>
    <pubDate>Mon, 16 Nov 2026 08:30:00 +0100</pubDate>
    <dc:creator><![CDATA[Jane Doe]]></dc:creator>
    <description><![CDATA[<p>Klarheit, the <strong>compliance automation</strong> platform, has raised &euro;12 million.</p><script>alert(1)</script>]]></description>
    <content:encoded><![CDATA[<p>Long article body</p>]]></content:encoded>
  </item>
  <item>
    <title>London fintech Ledgerly secures &#163;4.5m seed round</title>
    <link>/2026/11/ledgerly-seed/</link>
    <pubDate>Sun, 15 Nov 2026 17:05:00 GMT</pubDate>
    <description>Ledgerly &amp; partners &lt;b&gt;expand&lt;/b&gt; into the Nordics.</description>
  </item>
  <item>
    <title>Opinion: what the next decade holds for European tech</title>
    <guid>https://news.example.com/?p=103</guid>
    <pubDate>not a date</pubDate>
  </item>
  <item>
    <description>An item with no title is skipped</description>
  </item>
</channel>
</rss>`;

export const RSS1_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://rdf.example.org/">
    <title>RDF Funding Wire</title>
    <link>https://rdf.example.org/</link>
    <items><rdf:Seq><rdf:li rdf:resource="https://rdf.example.org/a"/></rdf:Seq></items>
  </channel>
  <item rdf:about="https://rdf.example.org/a">
    <title>Paris robotics startup Mécanique raises $30 million Series B</title>
    <link>https://rdf.example.org/a</link>
    <description>The round was led by Index Ventures.</description>
    <dc:date>2026-11-10T09:00:00+01:00</dc:date>
  </item>
</rdf:RDF>`;

export const ATOM_FEED = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://atom.example.net/blog/">
  <title type="text">Atom Venture Digest</title>
  <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
  <updated>2026-11-12T12:00:00Z</updated>
  <entry>
    <title type="html">Dublin&apos;s Tidewater lands &lt;em&gt;&#8364;8m&lt;/em&gt; for grid storage</title>
    <link rel="self" href="https://atom.example.net/api/entries/1"/>
    <link rel="alternate" type="text/html" href="posts/tidewater"/>
    <id>tag:atom.example.net,2026:1</id>
    <updated>2026-11-12T11:00:00Z</updated>
    <published>2026-11-11T07:15:00Z</published>
    <summary type="html">&lt;p&gt;Tidewater &lt;a href="/x"&gt;raised&lt;/a&gt; a seed round.&lt;/p&gt;</summary>
  </entry>
  <entry>
    <title>Stockholm&#8217;s Nordvolt closes Series C</title>
    <link href="https://other.example.net/nordvolt"/>
    <id>tag:atom.example.net,2026:2</id>
    <updated>2026-11-09</updated>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Nordvolt closed its round.</p></div></content>
  </entry>
</feed>`;

/** An RSS feed of `count` items, for size and paging tests. */
export function rssWithItems(count: number, title = (i: number) => `Startup ${i} raises €${i}m`): string {
  const items = Array.from(
    { length: count },
    (_, i) =>
      `<item><title>${title(i + 1)}</title><link>https://bulk.example.com/${i + 1}</link><pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate></item>`,
  ).join('\n');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Bulk</title>${items}</channel></rss>`;
}
