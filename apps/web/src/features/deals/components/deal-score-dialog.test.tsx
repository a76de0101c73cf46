import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeDeal, makeFlag, makeRedFlagSummary, renderDealsPage } from '../testing/deal-fixtures.ts';

const flags = [
  makeFlag({
    severity: 'critical',
    flag_type: 'negative_cash',
    description: 'Cash is negative.',
    category: 'financial',
  }),
  makeFlag({
    severity: 'high',
    flag_type: 'short_runway',
    description: 'Runway of 5 months.',
    category: 'financial',
  }),
  makeFlag({
    severity: 'medium',
    flag_type: 'missing_metrics',
    description: 'Gross margin is unknown.',
    category: 'data_quality',
  }),
  makeFlag({
    severity: 'low',
    flag_type: 'crowded_market',
    description: 'Many competitors.',
    category: 'market',
  }),
];

const risky = () =>
  makeDeal({
    company: 'Lumen Robotics',
    thematic_score: 6.2,
    thematic_recommendation: 'conditional_proceed',
    red_flag_level: 'reject',
    red_flag_score: 8.5,
    red_flags: flags,
    red_flag_summary: makeRedFlagSummary(flags),
  });

describe('Deal score dialog', () => {
  it('shows the thematic score, recommendation and the five components coloured by spec 02 §9', async () => {
    renderDealsPage([risky()]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Thematic score 6.2 for Lumen Robotics/ }));
    const dialog = await screen.findByRole('dialog', { name: /Lumen Robotics/ });

    expect(within(dialog).getByRole('tab', { name: 'Thematic Score', selected: true })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Red Flags' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('thematic-score')).toHaveTextContent('6.2');
    expect(within(dialog).getByTestId('thematic-score')).toHaveAttribute('data-tone', 'yellow');
    expect(within(dialog).getByText('Conditional Proceed')).toBeInTheDocument();

    const tone = (name: string) => within(dialog).getByRole('meter', { name }).getAttribute('data-tone');
    expect(tone('Sector Alignment')).toBe('green'); // 9
    expect(tone('Geographic Fit')).toBe('green'); // 8
    expect(tone('Stage Fit')).toBe('yellow'); // 6.5
    expect(tone('Deal Size Fit')).toBe('green'); // 10
    expect(tone('Financial Metrics')).toBe('red'); // 3
    expect(within(dialog).getByText('Burn is high against revenue.')).toBeInTheDocument();
    expect(within(dialog).getByText('30% weight')).toBeInTheDocument();
    expect(within(dialog).getByText(/sweet spot .* €5–10M/)).toBeInTheDocument();
  });

  it('shows the red flags: level, score bar, counts, key concerns and flags by category', async () => {
    renderDealsPage([risky()]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Thematic score 6.2/ }));
    const dialog = await screen.findByRole('dialog', { name: /Lumen Robotics/ });
    await user.click(within(dialog).getByRole('tab', { name: 'Red Flags' }));

    const panel = within(dialog).getByRole('tabpanel', { name: 'Red Flags' });
    expect(within(panel).getByText('Critical Risk')).toBeInTheDocument();
    expect(within(panel).getByTestId('risk-score')).toHaveTextContent('8.5');
    expect(within(panel).getByRole('meter', { name: 'Risk score' })).toHaveAttribute('data-tone', 'red');

    const count = (label: string) =>
      within(panel).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(count('Total')).toBe('4');
    expect(count('Critical')).toBe('1');
    expect(count('High')).toBe('1');
    expect(count('Medium')).toBe('1');
    expect(count('Low')).toBe('1');

    const concerns = within(panel).getByRole('heading', { name: 'Key concerns' })
      .nextElementSibling as HTMLElement;
    expect(
      within(concerns)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cash is negative.', 'Runway of 5 months.']);

    const financial = within(panel).getByRole('region', { name: /Financial/ });
    expect(within(financial).getByText('Negative cash')).toBeInTheDocument();
    expect(within(financial).getByText('critical')).toHaveAttribute('data-tone', 'red');
    expect(within(financial).getByText('Runway of 5 months.')).toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: /Data Quality/ })).toHaveTextContent(
      'Gross margin is unknown.',
    );
    expect(within(panel).getByRole('region', { name: /Operational/ })).toHaveTextContent(
      'No operational flags.',
    );
    expect(within(panel).getByRole('region', { name: /Market/ })).toHaveTextContent('Many competitors.');
    expect(within(panel).getByRole('region', { name: /Relationship/ })).toHaveTextContent(
      'No relationship flags.',
    );
  });

  it('opens straight on the Red Flags tab from the red-flag level', async () => {
    renderDealsPage([risky()]);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Critical Risk for Lumen Robotics: open red flags' }),
    );
    const dialog = await screen.findByRole('dialog', { name: /Lumen Robotics/ });
    expect(within(dialog).getByRole('tab', { name: 'Red Flags', selected: true })).toBeInTheDocument();
  });
});
