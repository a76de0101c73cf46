import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fakes.ts';
import { groupDealsByStage } from '../lib/board-columns.ts';
import { makeDeal, renderDealsPage } from '../testing/deal-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

/** jsdom has no DataTransfer; the board only needs setData, getData and types. */
function fakeDataTransfer() {
  const data = new Map<string, string>();
  return {
    dropEffect: 'none',
    effectAllowed: 'all',
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    get types() {
      return [...data.keys()];
    },
  };
}

const column = (label: string) => screen.getByRole('region', { name: label });

function showBoard() {
  localStorage.setItem('deals_view_mode', 'board');
}

describe('groupDealsByStage', () => {
  it('gives all eight stages in pipeline order with counts and totals', () => {
    const columns = groupDealsByStage([
      makeDeal({ stage: 'lead', amount_requested: 2_000_000 }),
      makeDeal({ stage: 'lead', amount_requested: 3_500_000 }),
      makeDeal({ stage: 'closed', amount_requested: 10_000_000 }),
    ]);
    expect(columns.map((item) => item.stage)).toEqual([
      'lead',
      'qualified',
      'due_diligence',
      'ic_review',
      'term_sheet',
      'legal_docs',
      'closed',
      'rejected',
    ]);
    expect(columns[0]).toMatchObject({ count: 2, totalAmount: 5_500_000 });
    expect(columns[6]).toMatchObject({ count: 1, totalAmount: 10_000_000 });
    expect(columns[1]).toMatchObject({ count: 0, totalAmount: 0 });
  });
});

describe('Deals board', () => {
  it('shows eight columns with their counts and totals in millions', async () => {
    showBoard();
    renderDealsPage([
      makeDeal({ company: 'Lumen Robotics', stage: 'lead', amount_requested: 2_000_000 }),
      makeDeal({ company: 'Quill Health', stage: 'lead', amount_requested: 3_600_000 }),
      makeDeal({
        company: 'Orbit Freight',
        stage: 'term_sheet',
        amount_requested: 12_000_000,
        red_flag_level: 'high_risk',
      }),
    ]);
    await screen.findByText('Lumen Robotics');
    expect(screen.getAllByRole('region').filter((region) => region.hasAttribute('data-stage'))).toHaveLength(
      8,
    );
    expect(within(column('Lead')).getByText('2', { selector: 'span' })).toBeInTheDocument();
    expect(within(column('Lead')).getByText('€6M total')).toBeInTheDocument();
    expect(within(column('Term Sheet')).getByText('€12M total')).toBeInTheDocument();
    expect(within(column('Rejected')).getByText('€0M total')).toBeInTheDocument();
    const card = within(column('Term Sheet')).getByRole('article', { name: /Orbit Freight/ });
    expect(within(card).getByText('High Risk')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Thematic score 8.4/ })).toBeInTheDocument();
  });

  it('moves a dragged card at once and saves the stage alone', async () => {
    showBoard();
    const deal = makeDeal({ company: 'Lumen Robotics', stage: 'lead', amount_requested: 4_000_000 });
    let answer: (response: Response) => void = () => undefined;
    const { server } = renderDealsPage([deal], {
      [`PATCH /deals/${deal.id}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const card = await screen.findByRole('article', { name: /Lumen Robotics/ });
    const transfer = fakeDataTransfer();
    fireEvent.dragStart(card, { dataTransfer: transfer });
    fireEvent.dragOver(column('IC Review'), { dataTransfer: transfer });
    fireEvent.drop(column('IC Review'), { dataTransfer: transfer });

    expect(
      await within(column('IC Review')).findByRole('article', { name: /Lumen Robotics/ }),
    ).toBeInTheDocument();
    expect(within(column('IC Review')).getByText('€4M total')).toBeInTheDocument();
    expect(within(column('Lead')).getByText('€0M total')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('PATCH', `/deals/${deal.id}`)).toHaveLength(1));
    expect(server.callsTo('PATCH', `/deals/${deal.id}`)[0]?.body).toEqual({ stage: 'ic_review' });
    answer(jsonResponse(200, { ...deal, stage: 'ic_review' }));
  });

  it('ignores a drop on the card’s own column and drags that are not deals', async () => {
    showBoard();
    const deal = makeDeal({ company: 'Lumen Robotics', stage: 'lead' });
    const { server } = renderDealsPage([deal]);
    const card = await screen.findByRole('article', { name: /Lumen Robotics/ });
    const transfer = fakeDataTransfer();
    fireEvent.dragStart(card, { dataTransfer: transfer });
    fireEvent.drop(column('Lead'), { dataTransfer: transfer });
    const foreign = fakeDataTransfer();
    foreign.setData('text/plain', deal.id);
    fireEvent.drop(column('Closed'), { dataTransfer: foreign });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.callsTo('PATCH', `/deals/${deal.id}`)).toHaveLength(0);
  });

  it('moves a card with its Move to select, and reloads when the save fails', async () => {
    showBoard();
    const deal = makeDeal({ company: 'Lumen Robotics', stage: 'lead' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { server } = renderDealsPage([deal], {
      [`PATCH /deals/${deal.id}`]: () => jsonResponse(404, { detail: 'Deal not found', code: 'NOT_FOUND' }),
    });
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Move Lumen Robotics to' }),
      'closed',
    );
    await waitFor(() =>
      expect(server.callsTo('PATCH', `/deals/${deal.id}`)[0]?.body).toEqual({ stage: 'closed' }),
    );
    await waitFor(() => expect(server.callsTo('GET', '/deals/board')).toHaveLength(2));
    expect(
      await within(column('Lead')).findByRole('article', { name: /Lumen Robotics/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Could not save the change to Lumen Robotics: Deal not found/),
    ).toBeInTheDocument();
  });

  it('asks the server for the board’s own cards, the whole pipeline, best scores first', async () => {
    showBoard();
    const { server } = renderDealsPage([makeDeal()]);
    await waitFor(() => expect(server.callsTo('GET', '/deals/board')).toHaveLength(1));
    const url = new URL(server.callsTo('GET', '/deals/board')[0]?.url ?? '');
    expect(url.searchParams.get('limit')).toBe('1000');
    expect(url.searchParams.get('sort')).toBe('-thematic_score');
    // The board never asks for table rows or whole deals.
    expect(server.callsTo('GET', '/deals')).toHaveLength(0);
    expect(
      server.fetch.calls.filter((call) => /\/deals\/[0-9a-f-]{36}$/.test(new URL(call.url).pathname)),
    ).toHaveLength(0);
  });

  it('opens the whole deal from a card: the panel reads GET /deals/{id}', async () => {
    showBoard();
    const deal = makeDeal({ company: 'Lumen Robotics', description: 'Facility to extend runway.' });
    const { server } = renderDealsPage([deal]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Lumen Robotics' }));
    const panel = await screen.findByRole('dialog', { name: 'Lumen Robotics' });
    expect(await within(panel).findByText('Facility to extend runway.')).toBeInTheDocument();
    expect(within(panel).getByText('Balderton Capital', { exact: false })).toBeInTheDocument();
    expect(server.callsTo('GET', `/deals/${deal.id}`)).toHaveLength(1);
  });
});
