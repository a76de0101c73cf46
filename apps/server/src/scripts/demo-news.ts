/**
 * The demo organisation's market: funding news from the last two months, written for the demo
 * (companies, investors and outlets are fictional), in the styles the funding extractor reads.
 * Most are rounds of companies the demo does not track; a few are about companies it does (so
 * tracked-company signals and watchlist alerts appear), one round is reported by two outlets (one
 * announcement, two sources), one is a rumour and two are not funding news at all (kept out).
 * Each article has a fixed URL, so a second seeding skips them all as already read.
 */

export interface DemoArticle {
  /** Published this many days before the seeding, so the news stays recent whenever it runs. */
  daysAgo: number;
  source: string;
  url: string;
  title: string;
  summary?: string;
}

const WIRE = 'Venture Wire Europe';
const UK_DIGEST = 'UK Tech Digest';
const NORDIC = 'Nordic Startup Post';
const FINTECH = 'Fintech Bulletin';
const CLIMATE = 'Climate Capital Daily';

const at = (site: string, slug: string) => `https://${site}.example/news/${slug}`;

/** Companies the demo tracks whose rounds appear below (names as in demo-data.ts). */
export const DEMO_NEWS_TRACKED = ['Ledgerly', 'Polaris Security', 'CarbonLedger', 'Klarwerk'] as const;

export const DEMO_NEWS: readonly DemoArticle[] = [
  // Tracked companies: three on the watchlist, one tracked but not watched.
  {
    daysAgo: 3,
    source: UK_DIGEST,
    url: at('uktechdigest', 'ledgerly-series-c'),
    title: 'London-based B2B SaaS company Ledgerly raises £22m Series C to automate finance operations',
    summary:
      'The round was led by Harbourview Capital, with participation from Thistle Ventures and Kestrel Growth Partners. Ledgerly sells accounts-payable software to mid-sized companies.',
  },
  {
    daysAgo: 9,
    source: WIRE,
    url: at('venturewire', 'polaris-security-series-d'),
    title: 'Dublin-based cybersecurity company Polaris Security secures €35m Series D',
    summary:
      'The round was led by Liffey Growth Equity alongside Aldercrest Partners. Polaris Security builds threat detection for hospitals and utilities.',
  },
  {
    daysAgo: 14,
    source: CLIMATE,
    url: at('climatecapitaldaily', 'carbonledger-series-b'),
    title: 'London-based climate tech startup CarbonLedger raises £11m Series B for carbon accounting',
    summary:
      'The investment was led by Greenmoor Ventures with participation from Evergreen Point Capital. CarbonLedger measures emissions across supply chains for retailers.',
  },
  {
    daysAgo: 41,
    source: WIRE,
    url: at('venturewire', 'klarwerk-series-b'),
    title: 'Munich-based Klarwerk raises €14m Series B for its SaaS platform for manufacturers',
    summary: 'The round was led by Isarbrook Ventures with participation from Nordlicht Capital.',
  },

  // One Series B reported by two outlets: one announcement listing both.
  {
    daysAgo: 6,
    source: FINTECH,
    url: at('fintechbulletin', 'paylume-series-b'),
    title: 'Amsterdam-based payments startup Paylume raises €18m Series B',
    summary:
      'The round was led by Canalside Ventures with participation from Dunmore Capital. Paylume runs embedded payments for European marketplaces.',
  },
  {
    daysAgo: 5,
    source: WIRE,
    url: at('venturewire', 'paylume-raises-18m'),
    title: 'Dutch fintech Paylume lands €18 million Series B led by Canalside Ventures',
  },

  // A rumour: talks, not a closed round.
  {
    daysAgo: 4,
    source: UK_DIGEST,
    url: at('uktechdigest', 'brightpath-in-talks'),
    title: 'Manchester-based fintech Brightpath Credit in talks to raise £40m Series C',
    summary: 'People familiar with the matter say Ironbridge Partners would lead the round.',
  },
  // A UK fintech Series B, so the deep research form's own example has an answer in the demo.
  {
    daysAgo: 6,
    source: FINTECH,
    url: at('fintechbulletin', 'tillbridge-series-b'),
    title: 'Bristol-based fintech Tillbridge raises £16m Series B for SME invoice finance',
    summary:
      'The round was led by Ashgrove Ventures, with participation from Lowmoor Capital. Tillbridge lends against unpaid invoices of small UK manufacturers.',
  },

  // Not funding news: kept out.
  {
    daysAgo: 8,
    source: FINTECH,
    url: at('fintechbulletin', 'vantor-acquires-coinwise'),
    title: 'Vantor acquires Berlin-based payments startup Coinwise for €120m',
  },
  {
    daysAgo: 12,
    source: WIRE,
    url: at('venturewire', 'hollins-fund-iv'),
    title: 'Hollins Capital closes €250m Fund IV to back European B2B software',
  },

  // The rest of the market, newest first.
  {
    daysAgo: 1,
    source: NORDIC,
    url: at('nordicstartuppost', 'fjellpay-series-a'),
    title: 'Oslo-based fintech Fjellpay raises €9m Series A for SME lending',
    summary: 'The round was led by Skagen Ventures with participation from Polarbay Capital.',
  },
  {
    daysAgo: 2,
    source: WIRE,
    url: at('venturewire', 'datavane-series-b'),
    title: 'Berlin-based Datavane secures €24m Series B to scale its B2B SaaS data platform',
    summary: 'The investment was led by Spreewald Partners alongside Lindenhall Ventures.',
  },
  {
    daysAgo: 7,
    source: CLIMATE,
    url: at('climatecapitaldaily', 'voltmark-seed'),
    title: 'Lyon-based climate tech startup Voltmark raises €4.5m seed round for EV charging',
    summary:
      'The seed round was led by Rhône Impact Capital with participation from several business angels.',
  },
  {
    daysAgo: 10,
    source: UK_DIGEST,
    url: at('uktechdigest', 'caresync-series-a'),
    title: 'Leeds healthtech Caresync bags £7m Series A to digitise care homes',
    summary: 'The round was led by Pennine Health Ventures with participation from Wharfedale Capital.',
  },
  {
    daysAgo: 11,
    source: WIRE,
    url: at('venturewire', 'securis-series-b'),
    title: 'Paris-based cybersecurity startup Securis raises $30m Series B',
    summary: 'The round was led by Montmartre Partners with participation from Seine Growth.',
  },
  {
    daysAgo: 13,
    source: NORDIC,
    url: at('nordicstartuppost', 'hyllo-series-a'),
    title: 'Stockholm’s Hyllo raises €12 million Series A for its HR platform',
    summary: 'Investors include Gamla Stan Ventures and Mälaren Capital.',
  },
  {
    daysAgo: 16,
    source: FINTECH,
    url: at('fintechbulletin', 'lendwise-equity-and-debt'),
    // equity and debt together: a debt facility alone is not a round (issue 18 §1)
    title: 'Fintech lender Lendwise secures £60m in equity and debt to grow its SME lending book',
    summary:
      'The London-based lender’s round pairs £15m of equity with a £45m facility from Cheapside Credit.',
  },
  {
    daysAgo: 18,
    source: WIRE,
    url: at('venturewire', 'medivio-series-c'),
    title: 'Belgian healthtech Medivio raises €28m Series C to expand its diagnostics network',
    summary: 'The round was led by Scheldt Capital with participation from Ardennes Ventures.',
  },
  {
    daysAgo: 20,
    source: UK_DIGEST,
    url: at('uktechdigest', 'tallyo-seed'),
    title: 'Bristol’s Tallyo raises £2.4m seed to automate bookkeeping for freelancers',
    summary: 'The seed round was led by Avon Gorge Ventures.',
  },
  {
    daysAgo: 22,
    source: WIRE,
    url: at('venturewire', 'insurely-series-a'),
    title: 'Irish insurtech Insurely raises €8 million in Series A funding',
    summary: 'The round was led by Shannon Point Ventures with participation from Burren Capital.',
  },
  {
    daysAgo: 25,
    source: CLIMATE,
    url: at('climatecapitaldaily', 'heatora-growth'),
    title: 'Copenhagen-based Heatora raises €45m growth round to install heat pumps across Europe',
    summary: 'The round was led by Øresund Infrastructure Partners with participation from Amager Ventures.',
  },
  {
    daysAgo: 27,
    source: WIRE,
    url: at('venturewire', 'routefox-series-a'),
    title: 'Madrid-based logistics startup Routefox raises €6m Series A',
    summary: 'The investment was led by Castellana Ventures alongside Retiro Capital.',
  },
  {
    daysAgo: 29,
    source: FINTECH,
    url: at('fintechbulletin', 'vaultwise-series-b'),
    title: 'Zurich-based wealthtech Vaultwise raises CHF 20m Series B',
    summary: 'The round was led by Limmat Partners with participation from Uetliberg Capital.',
  },
  {
    daysAgo: 33,
    source: UK_DIGEST,
    url: at('uktechdigest', 'proptly-series-a'),
    title: 'Edinburgh proptech Proptly raises £5m Series A for rental management software',
    summary: 'The round was led by Arthur’s Seat Ventures.',
  },
  {
    daysAgo: 36,
    source: NORDIC,
    url: at('nordicstartuppost', 'kvanta-seed'),
    title: 'Helsinki-based Kvanta raises €3m seed round to build quantum sensors',
    summary: 'The seed round was led by Suomenlinna Deeptech Fund.',
  },
  {
    daysAgo: 38,
    source: WIRE,
    url: at('venturewire', 'lernwerk-series-a'),
    title: 'Vienna-based edtech Lernwerk raises €5.5m Series A for its learning platform',
    summary: 'The round was led by Danube Ventures with participation from Prater Capital.',
  },
  {
    daysAgo: 43,
    source: FINTECH,
    url: at('fintechbulletin', 'clearmint-series-c'),
    title: 'London-based fintech Clearmint raises $50m Series C for cross-border payments',
    summary: 'The round was led by Bankside Growth with participation from Thistle Ventures.',
  },
  {
    daysAgo: 46,
    source: WIRE,
    url: at('venturewire', 'cloudhaven-series-b'),
    title: 'Lisbon-based Cloudhaven raises €16m Series B for its SaaS infrastructure software',
    summary: 'The round was led by Tagus Partners alongside Alfama Ventures.',
  },
  {
    daysAgo: 49,
    source: CLIMATE,
    url: at('climatecapitaldaily', 'solvind-series-a'),
    title: 'Hamburg-based Solvind raises €10m Series A for offshore wind inspection',
    summary: 'The round was led by Elbe Climate Partners with participation from Alster Ventures.',
  },
  {
    daysAgo: 52,
    source: UK_DIGEST,
    url: at('uktechdigest', 'shieldly-series-b'),
    title: 'UK cybersecurity startup Shieldly raises £15m Series B',
    summary:
      'The Cambridge company’s round was led by Granta Capital with participation from Fenland Ventures.',
  },
  {
    daysAgo: 55,
    source: WIRE,
    url: at('venturewire', 'mobilo-series-d'),
    title: 'Milan-based mobility startup Mobilo raises €70m Series D for e-bike subscriptions',
    summary: 'The round was led by Navigli Growth with participation from Brera Partners.',
  },
  {
    daysAgo: 58,
    source: FINTECH,
    url: at('fintechbulletin', 'paynord-series-a'),
    title: 'Warsaw-based fintech Paynord raises €7m Series A for invoice financing',
    summary: 'The round was led by Vistula Ventures.',
  },
];
