/**
 * Common ways of naming the same sector, compacted (lowercase letters and digits only).
 * Keyed by the canonical sector key; a thesis key and a subject sector match when both
 * compact to the same canonical group.
 */
export const SECTOR_ALIASES: Readonly<Record<string, readonly string[]>> = {
  b2b_saas: [
    'saas',
    'b2bsaas',
    'software',
    'b2bsoftware',
    'enterprisesoftware',
    'enterprisesaas',
    'softwareasaservice',
    'verticalsaas',
  ],
  fintech: [
    'fintech',
    'financialtechnology',
    'financialservices',
    'payments',
    'insurtech',
    'regtech',
    'wealthtech',
    'lendtech',
    'embeddedfinance',
  ],
  healthtech: [
    'healthtech',
    'healthcare',
    'digitalhealth',
    'medtech',
    'health',
    'healthit',
    'healthcaretechnology',
  ],
  climate_tech: [
    'climatetech',
    'cleantech',
    'climate',
    'greentech',
    'energytech',
    'renewableenergy',
    'sustainability',
  ],
  deeptech: [
    'deeptech',
    'ai',
    'artificialintelligence',
    'machinelearning',
    'quantum',
    'robotics',
    'semiconductors',
  ],
  marketplaces: ['marketplace', 'marketplaces', 'onlinemarketplace', 'b2bmarketplace'],
  ecommerce: ['ecommerce', 'onlineretail', 'd2c', 'dtc', 'directtoconsumer'],
  edtech: ['edtech', 'education', 'educationtechnology'],
  proptech: ['proptech', 'realestate', 'realestatetechnology'],
  cybersecurity: ['cybersecurity', 'security', 'infosec'],
};
