/**
 * Where the company is: country and research region (spec 02 §9: UK, Europe, US, Asia), read from
 * "Berlin-based", "based in Paris", "Dutch", "London's" and plain country names.
 */

export type FundingRegion = 'UK' | 'Europe' | 'US' | 'Asia' | 'Other';

export interface Place {
  country: string | null;
  region: FundingRegion;
}

/** Country → region, and the words (demonyms, cities) that name it. */
const COUNTRIES: [country: string, region: FundingRegion, words: string[]][] = [
  [
    'United Kingdom',
    'UK',
    [
      'UK',
      'U.K.',
      'United Kingdom',
      'Britain',
      'British',
      'England',
      'London',
      'Manchester',
      'Edinburgh',
      'Scotland',
      'Scottish',
      'Glasgow',
      'Bristol',
      'Oxford',
      'Cambridge, UK',
      'Leeds',
      'Birmingham',
      'Wales',
      'Welsh',
      'Cardiff',
      'Belfast',
      'Northern Ireland',
    ],
  ],
  ['Ireland', 'Europe', ['Ireland', 'Irish', 'Dublin', 'Cork']],
  [
    'Germany',
    'Europe',
    ['Germany', 'German', 'Berlin', 'Munich', 'Hamburg', 'Cologne', 'Frankfurt', 'Stuttgart'],
  ],
  ['France', 'Europe', ['France', 'French', 'Paris', 'Lyon', 'Toulouse', 'Bordeaux', 'Nantes']],
  [
    'Netherlands',
    'Europe',
    ['Netherlands', 'Dutch', 'Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven', 'Delft'],
  ],
  ['Belgium', 'Europe', ['Belgium', 'Belgian', 'Brussels', 'Antwerp', 'Ghent']],
  ['Luxembourg', 'Europe', ['Luxembourg']],
  ['Spain', 'Europe', ['Spain', 'Spanish', 'Madrid', 'Barcelona', 'Valencia']],
  ['Portugal', 'Europe', ['Portugal', 'Portuguese', 'Lisbon', 'Porto']],
  ['Italy', 'Europe', ['Italy', 'Italian', 'Milan', 'Rome', 'Turin']],
  ['Switzerland', 'Europe', ['Switzerland', 'Swiss', 'Zurich', 'Zürich', 'Geneva', 'Lausanne', 'Basel']],
  ['Austria', 'Europe', ['Austria', 'Austrian', 'Vienna']],
  ['Sweden', 'Europe', ['Sweden', 'Swedish', 'Stockholm', 'Gothenburg', 'Malmö']],
  ['Norway', 'Europe', ['Norway', 'Norwegian', 'Oslo']],
  ['Denmark', 'Europe', ['Denmark', 'Danish', 'Copenhagen', 'Aarhus']],
  ['Finland', 'Europe', ['Finland', 'Finnish', 'Helsinki', 'Espoo']],
  ['Estonia', 'Europe', ['Estonia', 'Estonian', 'Tallinn']],
  ['Latvia', 'Europe', ['Latvia', 'Latvian', 'Riga']],
  ['Lithuania', 'Europe', ['Lithuania', 'Lithuanian', 'Vilnius']],
  ['Poland', 'Europe', ['Poland', 'Warsaw', 'Kraków', 'Krakow', 'Wrocław']],
  ['Czech Republic', 'Europe', ['Czech', 'Czechia', 'Prague', 'Brno']],
  ['Greece', 'Europe', ['Greece', 'Greek', 'Athens']],
  ['Romania', 'Europe', ['Romania', 'Romanian', 'Bucharest']],
  ['Hungary', 'Europe', ['Hungary', 'Hungarian', 'Budapest']],
  ['Croatia', 'Europe', ['Croatia', 'Croatian', 'Zagreb']],
  ['Bulgaria', 'Europe', ['Bulgaria', 'Bulgarian', 'Sofia']],
  ['Slovenia', 'Europe', ['Slovenia', 'Slovenian', 'Ljubljana']],
  ['Iceland', 'Europe', ['Iceland', 'Icelandic', 'Reykjavik']],
  ['Ukraine', 'Europe', ['Ukraine', 'Ukrainian', 'Kyiv']],
  [
    'United States',
    'US',
    [
      'US',
      'U.S.',
      'USA',
      'United States',
      'American',
      'San Francisco',
      'New York',
      'NYC',
      'Silicon Valley',
      'Boston',
      'Austin',
      'Seattle',
      'Los Angeles',
      'Palo Alto',
      'Chicago',
      'Miami',
      'Denver',
    ],
  ],
  [
    'India',
    'Asia',
    [
      'India',
      'Indian',
      'Bangalore',
      'Bengaluru',
      'Mumbai',
      'Delhi',
      'Gurugram',
      'Hyderabad',
      'Chennai',
      'Pune',
    ],
  ],
  ['Singapore', 'Asia', ['Singapore', 'Singaporean']],
  ['Japan', 'Asia', ['Japan', 'Japanese', 'Tokyo', 'Osaka']],
  ['China', 'Asia', ['China', 'Chinese', 'Beijing', 'Shanghai', 'Shenzhen', 'Hangzhou']],
  ['Hong Kong', 'Asia', ['Hong Kong']],
  ['South Korea', 'Asia', ['South Korea', 'Korean', 'Seoul']],
  ['Indonesia', 'Asia', ['Indonesia', 'Indonesian', 'Jakarta']],
  ['Vietnam', 'Asia', ['Vietnam', 'Vietnamese', 'Ho Chi Minh City', 'Hanoi']],
  ['Malaysia', 'Asia', ['Malaysia', 'Malaysian', 'Kuala Lumpur']],
  ['Philippines', 'Asia', ['Philippines', 'Filipino', 'Manila']],
  ['Thailand', 'Asia', ['Thailand', 'Thai', 'Bangkok']],
  ['Israel', 'Other', ['Israel', 'Israeli', 'Tel Aviv']],
  ['Canada', 'Other', ['Canada', 'Canadian', 'Toronto', 'Montreal', 'Vancouver']],
  ['Australia', 'Other', ['Australia', 'Australian', 'Sydney', 'Melbourne']],
  ['Brazil', 'Other', ['Brazil', 'Brazilian', 'São Paulo', 'Sao Paulo']],
  ['Mexico', 'Other', ['Mexico', 'Mexican', 'Mexico City']],
  ['Nigeria', 'Other', ['Nigeria', 'Nigerian', 'Lagos']],
  ['Kenya', 'Other', ['Kenya', 'Kenyan', 'Nairobi']],
  ['South Africa', 'Other', ['South Africa', 'South African', 'Cape Town', 'Johannesburg']],
  ['United Arab Emirates', 'Other', ['UAE', 'United Arab Emirates', 'Dubai', 'Abu Dhabi']],
  ['Saudi Arabia', 'Other', ['Saudi Arabia', 'Saudi', 'Riyadh']],
  ['Turkey', 'Other', ['Turkey', 'Turkish', 'Istanbul']],
  ['Egypt', 'Other', ['Egypt', 'Egyptian', 'Cairo']],
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every place word, longest first so "South Korea" wins over "Korea" and "New York" over "York". */
const WORDS = COUNTRIES.flatMap(([country, region, words]) =>
  words.map((word) => ({ word, country, region })),
).sort((a, b) => b.word.length - a.word.length);
const byWord = new Map(WORDS.map((w) => [w.word.toLowerCase(), w]));
const PLACE = WORDS.map((w) => escapeRegExp(w.word)).join('|');
// Case-sensitive: "US" the country, not "us" the pronoun; "Polish" is left out (also a verb).
const ANCHORED = new RegExp(
  String.raw`(?:\b(${PLACE})(?:-based|-headquartered|\s+based|['’]s\b)|\b(?:based|headquartered|HQ'd) in\s+(?:[A-Z][\p{L}]+,\s+)?(${PLACE}))(?![\p{L}])`,
  'u',
);
const ANY = new RegExp(String.raw`(?<![\p{L}.])(${PLACE})(?![\p{L}])`, 'gu');
const EUROPE = /\b(Europe|European|EU|Nordic|Nordics|Baltic|Baltics|DACH|Benelux|CEE)\b/;
const ASIA = /\b(Asia|Asian|APAC|Southeast Asia|SEA)\b/;

function placeOf(word: string): Place {
  const hit = byWord.get(word.toLowerCase())!;
  return { country: hit.country, region: hit.region };
}

/**
 * The company's place: an anchored mention ("Berlin-based", "based in Paris", "London's") in the
 * title, then in the summary; then the first place named in the title, then in the summary; then a
 * bare region word ("European", "Nordic"). Null when the text names none.
 */
export function findPlace(title: string, summary: string): Place | null {
  for (const text of [title, summary]) {
    const m = ANCHORED.exec(text);
    if (m) return placeOf((m[1] ?? m[2])!);
  }
  for (const text of [title, summary]) {
    ANY.lastIndex = 0;
    for (let m = ANY.exec(text); m; m = ANY.exec(text)) {
      // "US" inside "US$15m" is a currency, not a place
      if (m[1] === 'US' && text[m.index + 2] === '$') continue;
      return placeOf(m[1]!);
    }
  }
  for (const text of [title, summary]) {
    if (EUROPE.test(text)) return { country: null, region: 'Europe' };
    if (ASIA.test(text)) return { country: null, region: 'Asia' };
  }
  return null;
}

const REGION_WORD =
  /^(?:Europe|European|EU|Nordic|Nordics|Baltic|Baltics|DACH|Benelux|CEE|Asia|Asian|APAC|Southeast Asia|SEA|Africa|African|LatAm|Latin America|Middle East|MENA|Silicon Valley)$/i;

/** A country, city, demonym or region ("Germany", "London", "Dutch", "Europe"): a place, never a company's name. */
export const isPlaceName = (name: string) => byWord.has(name.toLowerCase()) || REGION_WORD.test(name);
