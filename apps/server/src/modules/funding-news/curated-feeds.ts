/**
 * Public funding-news feeds for European and UK startups, offered on the Sources page and fetched
 * only once an admin adds them. The addresses were correct when this list was written (November
 * 2026); a feed that moves shows up as an error on the Sources page rather than as silence.
 */
export interface CuratedFeed {
  name: string;
  url: string;
  description: string;
  region: string;
}

export const CURATED_FEEDS: readonly CuratedFeed[] = [
  {
    name: 'EU-Startups',
    url: 'https://www.eu-startups.com/feed/',
    description: 'Daily funding rounds and launches across European startups',
    region: 'Europe',
  },
  {
    name: 'Sifted',
    url: 'https://sifted.eu/feed',
    description: "The Financial Times-backed publication on Europe's startups and venture capital",
    region: 'Europe',
  },
  {
    name: 'Tech.eu',
    url: 'https://tech.eu/feed/',
    description: 'European technology news with a daily funding round-up',
    region: 'Europe',
  },
  {
    name: 'UKTN',
    url: 'https://www.uktech.news/feed',
    description: 'UK Tech News: British startup investment and deals',
    region: 'UK',
  },
  {
    name: 'Tech Funding News',
    url: 'https://techfundingnews.com/feed/',
    description: 'Funding announcements from UK and European startups',
    region: 'UK',
  },
  {
    name: 'TechCrunch Europe',
    url: 'https://techcrunch.com/tag/europe/feed/',
    description: "TechCrunch's Europe tag: larger European rounds and exits",
    region: 'Europe',
  },
  {
    name: 'Silicon Canals',
    url: 'https://siliconcanals.com/feed/',
    description: 'Startup funding in the Netherlands, Benelux and wider Europe',
    region: 'Europe',
  },
  {
    name: 'The Recursive',
    url: 'https://therecursive.com/feed/',
    description: 'Startups and investment in Central and Eastern Europe',
    region: 'Europe',
  },
];

const CURATED_URLS = new Set(CURATED_FEEDS.map((feed) => feed.url));

export function isCuratedUrl(url: string): boolean {
  return CURATED_URLS.has(url);
}
