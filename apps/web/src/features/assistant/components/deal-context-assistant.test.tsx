import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeDeal, renderDealsPage } from '../../deals/testing/deal-fixtures.ts';
import { makeIntelligence } from '../../documents/testing/document-fixtures.ts';
import { DEAL_PROMPTS } from '../lib/suggested-prompts.ts';
import { makeChatAnswer } from '../testing/chat-fixtures.ts';

const promptsOf = (region: HTMLElement) =>
  within(within(region).getByText('Suggested questions').nextElementSibling as HTMLElement)
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('Ask Anything with deal context', () => {
  it('in the deal side panel: deal prompts, and questions carry the deal id', async () => {
    const deal = makeDeal({ company: 'Lumen Robotics' });
    const { server } = renderDealsPage([deal], {
      [`GET /deals/${deal.id}/intelligence`]: () => jsonResponse(200, makeIntelligence(deal.id)),
      'POST /llm-chat/query': () =>
        jsonResponse(200, makeChatAnswer({ answer: 'Lumen has no open red flags.' })),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Open deal #/ }));
    const panel = await screen.findByRole('dialog', { name: 'Lumen Robotics' });
    const region = await within(panel).findByRole('region', { name: 'Ask Anything' });
    expect(within(region).getByRole('heading', { name: 'Ask Anything', level: 3 })).toBeInTheDocument();
    expect(promptsOf(region)).toEqual([...DEAL_PROMPTS]);
    expect(
      within(region).getByRole('textbox', { name: 'Ask a question about Lumen Robotics' }),
    ).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: DEAL_PROMPTS[1] }));
    expect(await within(region).findByText('Lumen has no open red flags.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/llm-chat/query').map((call) => call.body)).toEqual([
      { query: DEAL_PROMPTS[1], include_context: true, conversation_history: [], deal_id: deal.id },
    ]);
  });

  it('on the deal intelligence page', async () => {
    storeSession();
    const dealId = '7a000000-0000-4000-8000-0000000000e1';
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      [`GET /deals/${dealId}/intelligence`]: () =>
        jsonResponse(200, makeIntelligence(dealId, {}, 'Beta Payments')),
      [`GET /deals/${dealId}/updates`]: () => jsonResponse(200, { updates: [] }),
      'POST /llm-chat/query': () =>
        jsonResponse(200, makeChatAnswer({ answer: 'Beta Payments: revenue €2.1M.' })),
    });
    renderApp(`/deals/${dealId}/intelligence`, server);
    const region = await screen.findByRole('region', { name: 'Ask Anything' });
    expect(promptsOf(region)).toEqual([...DEAL_PROMPTS]);
    const user = userEvent.setup();
    await user.type(
      within(region).getByRole('textbox', { name: 'Ask a question about Beta Payments' }),
      'Revenue?{Enter}',
    );
    expect(await within(region).findByText('Beta Payments: revenue €2.1M.')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo('POST', '/llm-chat/query')[0]?.body).toMatchObject({
        query: 'Revenue?',
        deal_id: dealId,
      }),
    );
  });
});
