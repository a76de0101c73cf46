import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiRoute, createFakeApi, makeMe, storeSession } from '../../../../test/fake-api.ts';
import { jsonResponse } from '../../../../test/fakes.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { listOf, makeDetail, STATS } from '../../test/company-fixtures.ts';

const company = makeDetail({
  name: 'Lumen Health',
  industry: 'Healthtech',
  headquarters_country: 'France',
  stage: 'Series B',
  website: 'lumen.example',
  description: 'Clinical workflow software for hospitals.',
  ceo_name: 'Claire Martin',
  founded_year: 2017,
  revenue_growth: 0.72,
  financial_metrics: { gross_margin: 0.68, runway_months: 20 },
  thematic_score: 7.4,
  thematic_recommendation: 'proceed',
  monitoring_priority: 'high',
  scoring_breakdown: {
    sector_scores: { sector_alignment: 8, geographic_fit: 7, stage_fit: 5, financial_health: 3 },
    reasons: {
      sector_alignment: 'Healthtech is a target sector (weight 0.8)',
      geographic_fit: 'France weighs 0.85',
      stage_fit: 'Series B is a target stage',
      financial_health: 'Burn is high for the revenue',
    },
  },
  red_flags: [
    { severity: 'high', flag_type: 'high_burn', description: 'Burn exceeds revenue', category: 'financial' },
    {
      severity: 'low',
      flag_type: 'missing_cash',
      description: 'Cash position unknown',
      category: 'data_quality',
    },
  ],
  red_flag_level: 'moderate_risk',
  red_flag_score: 4.5,
  suggested_facility: {
    min: 3_000_000,
    max: 6_000_000,
    currency: 'EUR',
    reasoning: ['25–35 % of the last equity round'],
    basis: {
      equity_round: null,
      revenue: null,
      runway_extension: null,
      combined: null,
      thesis_range: [2e6, 25e6],
    },
  },
  investors: ['Partech', 'Eurazeo'],
  source_articles: [
    {
      title: 'Lumen raises €20M',
      url: 'https://news.example/lumen',
      snippet: 'The Paris startup raised a Series B.',
      source: 'Sifted',
      published_date: '2025-02-10',
    },
  ],
  deals: [
    {
      id: '5d1c7f0e-8a55-4a7c-9c1e-0b1f0d9a0077',
      deal_number: 12,
      stage: 'due_diligence',
      amount_requested: 5e6,
      thematic_score: 7.1,
    },
  ],
});

function serverWith(routes: Record<string, ApiRoute>) {
  return createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /companies': () => jsonResponse(200, listOf([])),
    'GET /company-scoring/stats': () => jsonResponse(200, STATS),
    ...routes,
  });
}

describe('Company detail', () => {
  it('shows the company from the API with its tabs and deals', async () => {
    storeSession();
    renderApp(
      `/companies/${company.id}`,
      serverWith({ [`GET /companies/${company.id}`]: () => jsonResponse(200, company) }),
    );
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Lumen Health', level: 1 })).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: /lumen\.example/ })) {
      expect(link).toHaveAttribute('href', 'https://lumen.example');
      expect(link).toHaveAttribute('target', '_blank');
    }

    const overview = screen.getByRole('tabpanel', { name: 'Overview' });
    expect(within(overview).getByText('Clinical workflow software for hospitals.')).toBeInTheDocument();
    expect(within(overview).getByText('Claire Martin')).toBeInTheDocument();
    expect(within(overview).getByText('68%')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Analysis' }));
    const analysis = screen.getByRole('tabpanel', { name: 'Analysis' });
    const tone = (label: string) =>
      analysis.querySelector(`[data-score-bar="${label}"]`)?.getAttribute('data-tone');
    expect(tone('Sector Alignment')).toBe('green');
    expect(tone('Geographic Fit')).toBe('yellow');
    expect(tone('Stage Fit')).toBe('yellow');
    expect(tone('Financial Health')).toBe('red');
    expect(within(analysis).getByText('France weighs 0.85')).toBeInTheDocument();
    expect(within(analysis).getByText('Moderate Risk')).toBeInTheDocument();
    expect(
      within(within(analysis).getByRole('region', { name: 'Financial flags' })).getByText(
        'Burn exceeds revenue',
      ),
    ).toBeInTheDocument();
    expect(within(analysis).getByRole('region', { name: 'Data quality flags' })).toBeInTheDocument();
    expect(within(analysis).getByText('€3M – €6M')).toBeInTheDocument();
    expect(within(analysis).getByText('25–35 % of the last equity round')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Recent News/ }));
    const news = screen.getByRole('tabpanel', { name: /Recent News/ });
    expect(within(news).getByRole('link', { name: 'Lumen raises €20M' })).toHaveAttribute('target', '_blank');
    expect(within(news).getByText('The Paris startup raised a Series B.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Investors/ }));
    expect(
      within(screen.getByRole('tabpanel', { name: /Investors/ })).getByText('Eurazeo'),
    ).toBeInTheDocument();

    const deals = screen.getByRole('list', { name: 'Deals of this company' });
    expect(within(deals).getByRole('link', { name: /Deal #12/ })).toHaveAttribute('href', '/deals');
  });

  it('shows empty states for a company without news or investors', async () => {
    storeSession();
    const bare = makeDetail({ name: 'Quiet Co', source_articles: [], investors: [] });
    renderApp(
      `/companies/${bare.id}`,
      serverWith({ [`GET /companies/${bare.id}`]: () => jsonResponse(200, bare) }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Recent News' }));
    expect(screen.getByText('No recent news')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Investors' }));
    expect(screen.getByText('No investors recorded')).toBeInTheDocument();
  });

  it('shows Company not found for an unknown id, with a way back', async () => {
    storeSession();
    const id = '00000000-0000-4000-8000-000000000000';
    const { router } = renderApp(
      `/companies/${id}`,
      serverWith({
        [`GET /companies/${id}`]: () => jsonResponse(404, { detail: 'Company not found', code: 'NOT_FOUND' }),
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Company not found' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to Companies' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies'));
  });

  it('watches the company from its header', async () => {
    storeSession();
    const server = serverWith({
      [`GET /companies/${company.id}`]: () => jsonResponse(200, { ...company, on_watchlist: false }),
      'POST /signals/watchlist/add': () => jsonResponse(201, { id: 'entry' }),
    });
    renderApp(`/companies/${company.id}`, server);
    const watch = await screen.findByRole('button', { name: 'Watch' });
    expect(watch).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(watch);
    await waitFor(() =>
      expect(server.callsTo('POST', '/signals/watchlist/add')[0]?.body).toEqual({ company_id: company.id }),
    );
  });
});
