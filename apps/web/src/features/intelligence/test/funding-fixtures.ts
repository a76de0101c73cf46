import type { TFundingAnnouncement } from '@atempo/contracts';

/** An announcement as the API answers it, for the web tests. */
export function makeAnnouncement(overrides: Partial<TFundingAnnouncement> = {}): TFundingAnnouncement {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    company_name: 'Voltaro',
    company_id: null,
    amount_raised: 12_500_000,
    currency: 'EUR',
    amount_eur: 12_500_000,
    stage: 'Series A',
    confidence_score: 0.75,
    region: 'Europe',
    country: 'Germany',
    sector: 'climate_tech',
    source_name: 'EU-Startups',
    source_url: 'https://eu-startups.example/voltaro',
    sources: [
      {
        name: 'EU-Startups',
        url: 'https://eu-startups.example/voltaro',
        published_at: '2026-03-01T08:00:00.000Z',
      },
    ],
    announced_at: '2026-03-01T08:00:00.000Z',
    created_at: '2026-03-01T09:00:00.000Z',
    title: 'Voltaro secures €12.5m Series A',
    extraction_metadata: {
      investors: ['Extantia Capital', 'Speedinvest'],
      lead_investor: 'Extantia Capital',
    },
    ...overrides,
  };
}
