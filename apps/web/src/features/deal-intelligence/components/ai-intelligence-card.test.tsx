import type { TDealIntelligence } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fakes.ts';
import { makeDeal, renderDealsPage } from '../../deals/testing/deal-fixtures.ts';
import { dealMetrics, makeIntelligence } from '../../documents/testing/document-fixtures.ts';

const DOC = { document_id: '0d000000-0000-4000-8000-0000000000aa', document_name: 'Lumen model.xlsx' };

async function openCard(
  intelligence: (dealId: string) => TDealIntelligence,
  routes: Parameters<typeof renderDealsPage>[1] = {},
) {
  const deal = makeDeal({ company: 'Lumen Robotics' });
  const rendered = renderDealsPage([deal], {
    [`GET /deals/${deal.id}/intelligence`]: () => jsonResponse(200, intelligence(deal.id)),
    ...routes,
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Open deal #/ }));
  const panel = await screen.findByRole('dialog', { name: 'Lumen Robotics' });
  const card = await within(panel).findByRole('region', { name: 'AI Intelligence' });
  return { ...rendered, user, panel, card, deal };
}

const filled = (dealId: string) =>
  makeIntelligence(dealId, {
    documents_analysed: 2,
    key_metrics: dealMetrics(
      {
        revenue: { value: 12_345_678 },
        arr: { value: 9_100_000 },
        gross_margin: { value: 0.724, unit: 'fraction', currency: null },
        net_burn: { value: 450_000 },
        cash: { value: 3_000_000 },
        headcount: { value: 85, unit: 'count', currency: null },
      },
      DOC,
    ),
    risk_flags: Array.from({ length: 6 }, (_, index) => ({
      text: `Risk number ${index + 1}.`,
      source: null,
      ...DOC,
    })),
    action_items: [
      'Ask for monthly management accounts.',
      'Ask for the cap table.',
      'Ask for covenant terms.',
    ],
  });

describe('AI Intelligence card (spec 01)', () => {
  it('shows the empty state when no document has been analysed, still offering its buttons', async () => {
    const { card } = await openCard((id) => makeIntelligence(id));
    expect(
      await within(card).findByText('AI analysis will appear here when documents are uploaded'),
    ).toBeInTheDocument();
    // A memo can be written from the deal record alone.
    expect(within(card).getByRole('button', { name: 'Prepare IC Materials' })).toBeEnabled();
    expect(within(card).getByRole('link', { name: /Full Analysis/ })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Accept metrics' })).not.toBeInTheDocument();
  });

  it('shows at most 4 key metrics, percentages for margins and EUR as x.xM / xK', async () => {
    const { card } = await openCard(filled);
    await within(card).findByText('Key Metrics');
    const metrics = within(card).getByText('Key Metrics').nextElementSibling as HTMLElement;
    const names = within(metrics)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(names).toEqual(['Revenue', 'ARR', 'Gross margin', 'Net burn']);
    expect(within(metrics).getByText('€12.3M')).toBeInTheDocument();
    expect(within(metrics).getByText('€9.1M')).toBeInTheDocument();
    expect(within(metrics).getByText('72.4%')).toBeInTheDocument();
    expect(within(metrics).getByText('€450K')).toBeInTheDocument();
    expect(within(card).queryByText('Cash')).not.toBeInTheDocument();
  });

  it("shows the first 2 AI Recommendations and 'Scroll to see all' above 5 risk flags", async () => {
    const { card } = await openCard(filled);
    const risks = await within(card).findByRole('list', { name: 'Risk Flags' });
    expect(within(risks).getAllByRole('listitem')).toHaveLength(6);
    expect(within(card).getByText('Scroll to see all')).toBeInTheDocument();
    expect(risks).toHaveAttribute('tabindex', '0');
    expect(within(card).getByText('Ask for monthly management accounts.')).toBeInTheDocument();
    expect(within(card).getByText('Ask for the cap table.')).toBeInTheDocument();
    expect(within(card).queryByText('Ask for covenant terms.')).not.toBeInTheDocument();
  });

  it("does not show 'Scroll to see all' for exactly 5 risk flags", async () => {
    const { card } = await openCard((id) => {
      const intelligence = filled(id);
      intelligence.document_intelligence.risk_flags = intelligence.document_intelligence.risk_flags.slice(
        0,
        5,
      );
      return intelligence;
    });
    const risks = await within(card).findByRole('list', { name: 'Risk Flags' });
    expect(within(risks).getAllByRole('listitem')).toHaveLength(5);
    expect(within(card).queryByText('Scroll to see all')).not.toBeInTheDocument();
  });

  it('collapses, hides, and comes back with the floating button', async () => {
    const { card, panel, user } = await openCard(filled);
    await within(card).findByText('Key Metrics');
    const collapse = within(card).getByRole('button', { name: 'Collapse' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await user.click(collapse);
    expect(within(card).queryByText('Key Metrics')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Expand' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(card).getByRole('button', { name: 'Expand' }));
    expect(within(card).getByText('Key Metrics')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Hide' }));
    expect(within(panel).queryByRole('region', { name: 'AI Intelligence' })).not.toBeInTheDocument();
    // The keyboard stays with the card: on the floating button, then back on Hide.
    expect(within(panel).getByRole('button', { name: 'Show AI Intelligence' })).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Show AI Intelligence' }));
    expect(within(panel).getByRole('region', { name: 'AI Intelligence' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Hide' })).toHaveFocus();
  });

  it('offers Prepare IC Materials, and Full Analysis in a new tab', async () => {
    const { card, deal } = await openCard(filled);
    const prepare = await within(card).findByRole('button', { name: 'Prepare IC Materials' });
    expect(prepare).toBeEnabled();
    const full = within(card).getByRole('link', { name: /Full Analysis/ });
    expect(full).toHaveAttribute('href', `/deals/${deal.id}/intelligence`);
    expect(full).toHaveAttribute('target', '_blank');
  });

  it("accepts metrics onto the deal after showing old → new from the server's dry run", async () => {
    const writes: unknown[] = [];
    const { card, user, server, deal } = await openCard(filled, {
      [`POST /documents/${DOC.document_id}/accept-metrics`]: (call) => {
        const dryRun = new URL(call.url).searchParams.get('dry_run') === 'true';
        if (!dryRun) writes.push(call.body);
        return jsonResponse(200, {
          dry_run: dryRun,
          deal_id: deal.id,
          company_id: deal.company_id,
          accepted: [
            { name: 'arr', field: 'arr', value: 9_100_000, previous: 8_400_000 },
            { name: 'revenue', field: 'revenue', value: 12_345_678, previous: null },
            { name: 'gross_margin', field: 'gross_margin', value: 0.724, previous: 0.724 },
            { name: 'net_burn', field: 'monthly_burn', value: 37_500, previous: null },
          ],
          skipped: [{ name: 'cash', reason: 'The document gives it for FY2023, older than the deal' }],
          changes: [],
          notes: [
            {
              name: 'net_burn',
              note: 'The document states €450,000 for FY2024; written as €37,500 a month (divided by 12)',
            },
          ],
        });
      },
    });
    await user.click(await within(card).findByRole('button', { name: 'Accept metrics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept metrics onto the deal' });
    const row = async (label: string) =>
      (await within(dialog).findByRole('checkbox', { name: `Accept ${label}` })).closest('tr') as HTMLElement;
    // The dry run asked about every figure of the document, and wrote nothing.
    expect(server.callsTo('POST', `/documents/${DOC.document_id}/accept-metrics`)[0]?.body).toEqual({
      metrics: ['revenue', 'arr', 'gross_margin', 'net_burn', 'cash', 'headcount'],
    });
    expect(writes).toHaveLength(0);
    expect(await row('ARR')).toHaveTextContent('€8.4M');
    expect(await row('ARR')).toHaveTextContent('becomes');
    expect(await row('ARR')).toHaveTextContent('€9.1M');
    expect(await row('Revenue')).toHaveTextContent(/none\s*becomes\s*€12.3M/);
    expect(await row('Net burn')).toHaveTextContent('written as €37,500 a month (divided by 12)');
    expect(within(await row('Gross margin')).getByRole('checkbox')).toBeDisabled();
    expect(await row('Gross margin')).toHaveTextContent('Already on the deal');
    expect(within(await row('Cash')).getByRole('checkbox')).toBeDisabled();
    expect(await row('Cash')).toHaveTextContent(
      'Not accepted: The document gives it for FY2023, older than the deal',
    );
    expect(within(dialog).getByRole('button', { name: 'Accept metrics' })).toBeDisabled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Accept ARR' }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept 1 metric' }));
    await waitFor(() => expect(writes).toEqual([{ metrics: ['arr'] }]));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Accept metrics onto the deal' })).not.toBeInTheDocument(),
    );
    // The deal is re-scored by the server: it is read again.
    await waitFor(() => expect(server.callsTo('GET', `/deals/${deal.id}`).length).toBeGreaterThan(1));
  });
});

describe('a document about another company (issue 18 §4)', () => {
  const OTHER = {
    name: 'Costco Wholesale Corporation',
    expected_company: 'Lumen Robotics',
    message: 'This document appears to be about Costco Wholesale Corporation, not Lumen Robotics.',
    source: {
      kind: 'page' as const,
      page: 1,
      label: 'page 1',
      excerpt: 'Costco Wholesale Corporation (Exact name of registrant…)',
    },
  };
  const REPORT = { document_id: '0d000000-0000-4000-8000-0000000000bb', document_name: 'annual-report.pdf' };
  const wrong = (dealId: string) => {
    const intelligence = makeIntelligence(dealId, {
      documents_analysed: 1,
      key_metrics: dealMetrics({ revenue: { value: 16_900_000_000 } }, REPORT),
    });
    const found = intelligence.document_intelligence;
    found.other_company_documents = [{ ...OTHER, ...REPORT }];
    for (const metric of Object.values(found.key_metrics)) if (metric) metric.other_company = OTHER;
    return intelligence;
  };

  it('is named above the Key Metrics, and accepting its figures needs an explicit confirmation', async () => {
    const writes: unknown[] = [];
    const { card, user, deal } = await openCard(wrong, {
      [`POST /documents/${REPORT.document_id}/accept-metrics`]: (call) => {
        const dryRun = new URL(call.url).searchParams.get('dry_run') === 'true';
        if (!dryRun) writes.push(call.body);
        return jsonResponse(200, {
          dry_run: dryRun,
          deal_id: deal.id,
          company_id: deal.company_id,
          accepted: [{ name: 'revenue', field: 'revenue', value: 16_900_000_000, previous: null }],
          skipped: [],
          changes: [],
          notes: [],
          other_company: OTHER,
        });
      },
    });
    const warning = await within(card).findByText(OTHER.message);
    const heading = within(card).getByText('Key Metrics');
    // The warning comes first in reading order.
    expect(warning.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(card).getByText('About Costco Wholesale Corporation')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Accept metrics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept metrics onto the deal' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Accept Revenue' }));
    const confirm = within(dialog).getByRole('checkbox', {
      name: 'Write these figures onto Lumen Robotics anyway',
    });
    expect(within(dialog).getByRole('button', { name: 'Accept 1 metric' })).toBeDisabled();
    await user.click(confirm);
    await user.click(within(dialog).getByRole('button', { name: 'Accept 1 metric' }));
    await waitFor(() => expect(writes).toEqual([{ metrics: ['revenue'], confirm_other_company: true }]));
  });
});
