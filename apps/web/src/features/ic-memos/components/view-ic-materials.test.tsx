import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fakes.ts';
import { makeDeal, renderDealsPage } from '../../deals/testing/deal-fixtures.ts';
import { makeIntelligence } from '../../documents/testing/document-fixtures.ts';
import { makeIcMemo, versionsOf } from '../testing/ic-memo-fixtures.ts';

async function openPanel(withMemos: boolean) {
  const deal = makeDeal({ company: 'Lumen Robotics' });
  const v1 = makeIcMemo(deal.id, { version: 1 });
  const v2 = makeIcMemo(deal.id, { version: 2 });
  const rendered = renderDealsPage([deal], {
    [`GET /deals/${deal.id}/intelligence`]: () => jsonResponse(200, makeIntelligence(deal.id)),
    ...(withMemos
      ? {
          [`GET /deals/${deal.id}/ic-memos`]: () => jsonResponse(200, versionsOf(v1, v2)),
          [`GET /ic-memos/${v1.id}`]: () => jsonResponse(200, v1),
          [`GET /ic-memos/${v2.id}`]: () => jsonResponse(200, v2),
        }
      : {}),
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Open deal #/ }, { timeout: 30_000 }));
  const panel = await screen.findByRole('dialog', { name: 'Lumen Robotics' }, { timeout: 30_000 });
  return { ...rendered, user, panel, deal, v1, v2 };
}

describe('View IC materials (deal side panel)', () => {
  it('reopens the latest memo without generating one; the picker reaches the earlier version', async () => {
    const { user, panel, server, deal, v1, v2 } = await openPanel(true);
    await user.click(await within(panel).findByRole('button', { name: 'View IC materials' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'IC materials: Lumen Robotics' },
      { timeout: 30_000 },
    );
    expect(await within(dialog).findByRole('article', { name: 'IC memo version 2' })).toBeInTheDocument();
    const picker = within(dialog).getByRole('combobox', { name: 'Version' });
    expect(picker).toHaveValue(v2.id);
    await user.selectOptions(picker, v1.id);
    expect(await within(dialog).findByRole('article', { name: 'IC memo version 1' })).toHaveTextContent(
      'Version 1.',
    );
    // The versions are asked as one page of the largest size.
    expect(new URL(server.callsTo('GET', `/deals/${deal.id}/ic-memos`)[0]!.url).search).toBe('?limit=100');
    expect(server.callsTo('POST', `/ic-memos/generate-groq/${deal.id}`)).toHaveLength(0);
    expect(server.callsTo('POST', '/smolagent-ic-preparation/generate')).toHaveLength(0);
  }, 90_000);

  it('is not offered while the deal has no IC memo', async () => {
    const { panel, server, deal } = await openPanel(false);
    await within(panel).findByRole('button', { name: 'Prepare IC Materials' });
    await waitFor(() => expect(server.callsTo('GET', `/deals/${deal.id}/ic-memos`)).toHaveLength(1));
    expect(within(panel).queryByRole('button', { name: 'View IC materials' })).not.toBeInTheDocument();
  }, 90_000);
});
