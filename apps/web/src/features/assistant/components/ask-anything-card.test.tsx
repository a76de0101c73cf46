import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiRoute, createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { suggestedPrompts } from '../lib/suggested-prompts.ts';
import { DEAL_ID, makeChatAnswer } from '../testing/chat-fixtures.ts';

const ANSWER = makeChatAnswer().answer;
/** Today's three of the spec's four portfolio prompts (they take turns by the day). */
const TODAYS_PROMPTS = suggestedPrompts(false);

const ERROR_TEXT =
  'I encountered an error processing your query. Please try rephrasing your question or contact support if the issue persists.';

function renderDashboard(query: ApiRoute, path = '/dashboard', routes: Record<string, ApiRoute> = {}) {
  storeSession();
  const server = createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'POST /llm-chat/query': query,
    ...routes,
  });
  const rendered = renderApp(path, server);
  return { ...rendered, server, user: userEvent.setup() };
}

async function card() {
  return screen.findByRole('region', { name: 'Ask Anything' });
}

const sentBodies = (server: ReturnType<typeof createFakeApi>) =>
  server.callsTo('POST', '/llm-chat/query').map((call) => call.body);

describe('Dashboard (spec 01 §2)', () => {
  it.each(['/', '/dashboard'])('shows the heading, subtitle and Ask Anything at %s', async (path) => {
    const { router } = renderDashboard(() => jsonResponse(200, makeChatAnswer()), path);
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Your venture debt platform overview')).toBeInTheDocument();
    expect(await card()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });
});

describe('Ask Anything card (spec 01 Ask Anything assistant)', () => {
  it('offers exactly 3 portfolio prompts and asks one with the spec body', async () => {
    const { server, user } = renderDashboard(() => jsonResponse(200, makeChatAnswer()));
    const region = await card();
    const prompts = within(region).getByText('Suggested questions').nextElementSibling as HTMLElement;
    expect(
      within(prompts)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([...TODAYS_PROMPTS]);
    expect(TODAYS_PROMPTS).toHaveLength(3);
    await user.click(within(region).getByRole('button', { name: TODAYS_PROMPTS[1] }));
    expect(await within(region).findByText(ANSWER)).toBeInTheDocument();
    expect(sentBodies(server)).toEqual([
      { query: TODAYS_PROMPTS[1], include_context: true, conversation_history: [] },
    ]);
  });

  it('shows confidence, response type, time, tools, engine and linked citations under Show details', async () => {
    const { user, router } = renderDashboard(() => jsonResponse(200, makeChatAnswer()));
    const region = await card();
    await user.type(
      within(region).getByRole('textbox', { name: 'Ask a question about your portfolio' }),
      'What is Lumen runway?{Enter}',
    );
    await within(region).findByText(ANSWER);
    expect(within(region).queryByText('Response type')).not.toBeInTheDocument();

    const toggle = within(region).getByRole('button', { name: 'Show details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(region).getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    const badge = within(region).getByText('85%').closest('[data-tone]');
    expect(badge).toHaveAttribute('data-tone', 'green');
    expect(within(region).getByText('Answered from your data')).toBeInTheDocument();
    expect(within(region).getByText('42 ms')).toBeInTheDocument();
    expect(within(region).getByText('get_financial_metrics')).toBeInTheDocument();
    expect(within(region).getByText('calculate_metrics')).toBeInTheDocument();
    expect(within(region).getByText('Built-in analyst')).toBeInTheDocument();

    const citations = within(region).getByRole('list', { name: 'Citations' });
    expect(within(citations).getAllByRole('listitem')).toHaveLength(4);
    expect(within(citations).getByRole('link', { name: 'Open company: Lumen Robotics' })).toHaveAttribute(
      'href',
      '/companies/7c000000-0000-4000-8000-00000000c001',
    );
    expect(
      within(citations).getByRole('button', { name: 'Open document: Board pack Q3.pdf, page 4' }),
    ).toBeInTheDocument();
    expect(within(citations).getByText('page 4')).toBeInTheDocument();
    // A calculation is shown with its working, not linked.
    expect(within(citations).getByText('Calculation: runway').closest('a')).toBeNull();
    expect(within(citations).getByText('cash €6.3M ÷ net burn €450K = 14.0 months')).toBeInTheDocument();

    await user.click(within(citations).getByRole('link', { name: 'Open deal: Lumen Robotics — deal #12' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/deals/${DEAL_ID}/intelligence`));
  });

  it('links market signal and funding citations to Intelligence and to their source article', async () => {
    const round = {
      source: 'Sifted: Lumen Pay raises Series B',
      relevance: 1,
      content_excerpt: 'Lumen Pay raises Series B — €20,000,000 in EUR',
      date: '2026-11-20T00:00:00.000Z',
      target: {
        kind: 'funding_announcement' as const,
        id: '7e000000-0000-4000-8000-00000000e001',
        location: null,
        url: 'https://news.example/lumen',
      },
    };
    const hostile = {
      ...round,
      source: 'Lumen Pay raised a new round',
      target: { ...round.target, kind: 'signal' as const, url: 'javascript:alert(1)' },
    };
    const { user, router } = renderDashboard(() =>
      jsonResponse(200, makeChatAnswer({ citations: [round, hostile] })),
    );
    const region = await card();
    await user.click(within(region).getByRole('button', { name: TODAYS_PROMPTS[0] }));
    await user.click(await within(region).findByRole('button', { name: 'Show details' }));
    const citations = within(region).getByRole('list', { name: 'Citations' });
    expect(
      within(citations).getByRole('link', { name: 'Source article: Sifted: Lumen Pay raises Series B' }),
    ).toHaveAttribute('href', 'https://news.example/lumen');
    // A feed's "javascript:" address is never linked.
    expect(within(citations).queryByRole('link', { name: /^Source article: Lumen Pay raised/ })).toBeNull();
    await user.click(
      within(citations).getByRole('link', { name: 'Open Intelligence: Lumen Pay raised a new round' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/intelligence'));
  });

  it.each([
    [0.8, 'green', '80%'],
    [0.6, 'yellow', '60%'],
    [0.59, 'red', '59%'],
  ] as const)('colours confidence %s %s', async (confidence, tone, shown) => {
    const { user } = renderDashboard(() => jsonResponse(200, makeChatAnswer({ confidence })));
    const region = await card();
    await user.click(within(region).getByRole('button', { name: TODAYS_PROMPTS[0] }));
    await user.click(await within(region).findByRole('button', { name: 'Show details' }));
    expect(within(region).getByText(shown).closest('[data-tone]')).toHaveAttribute('data-tone', tone);
  });

  it('does not send a blank question', async () => {
    const { server, user } = renderDashboard(() => jsonResponse(200, makeChatAnswer()));
    const region = await card();
    const box = within(region).getByRole('textbox');
    await user.type(box, '   {Enter}');
    expect(within(region).getByRole('button', { name: 'Ask' })).toBeDisabled();
    expect(sentBodies(server)).toHaveLength(0);
  });

  it('sends nothing while a question is pending, then sends the earlier questions as history', async () => {
    let answer: (response: Response) => void = () => undefined;
    let calls = 0;
    const { server, user } = renderDashboard(() => {
      calls += 1;
      if (calls > 1) return jsonResponse(200, makeChatAnswer({ answer: 'Second answer' }));
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    const region = await card();
    const box = within(region).getByRole('textbox');
    await user.type(box, '  First question  {Enter}');
    expect(await within(region).findByText('Analysing your data…')).toBeInTheDocument();
    // Pending: the box keeps what is typed, but neither Enter, the button nor a prompt sends it.
    await user.type(box, 'Second question{Enter}');
    expect(within(region).getByRole('button', { name: 'Ask' })).toBeDisabled();
    expect(within(region).getByRole('button', { name: TODAYS_PROMPTS[0] })).toBeDisabled();
    expect(sentBodies(server)).toHaveLength(1);

    answer(jsonResponse(200, makeChatAnswer({ answer: 'First answer' })));
    await within(region).findByText('First answer');
    await user.click(within(region).getByRole('button', { name: 'Ask' }));
    await within(region).findByText('Second answer');
    expect(sentBodies(server)).toEqual([
      { query: 'First question', include_context: true, conversation_history: [] },
      {
        query: 'Second question',
        include_context: true,
        conversation_history: [{ role: 'user', content: 'First question' }],
      },
    ]);
    // Newest first.
    const questions = within(region)
      .getAllByRole('article')
      .map((article) => article.getAttribute('aria-label'));
    expect(questions).toEqual(['Question: Second question', 'Question: First question']);
  });

  it('sends only the last 5 questions as history', async () => {
    const { server, user } = renderDashboard((call) =>
      jsonResponse(200, makeChatAnswer({ answer: `Answer to ${(call.body as { query: string }).query}` })),
    );
    const region = await card();
    const box = within(region).getByRole('textbox');
    for (let index = 1; index <= 7; index += 1) {
      await user.type(box, `Question ${index}{Enter}`);
      await within(region).findByText(`Answer to Question ${index}`);
    }
    const last = sentBodies(server).at(-1) as { conversation_history: { content: string }[] };
    expect(last.conversation_history.map((entry) => entry.content)).toEqual([
      'Question 2',
      'Question 3',
      'Question 4',
      'Question 5',
      'Question 6',
    ]);
  });

  it('shows the error text with confidence 0 and response type error when the call fails', async () => {
    const { user } = renderDashboard(() => jsonResponse(500, { detail: 'Internal error', code: 'INTERNAL' }));
    const region = await card();
    await user.click(within(region).getByRole('button', { name: TODAYS_PROMPTS[2] }));
    expect(await within(region).findByText(ERROR_TEXT)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Show details' }));
    expect(within(region).getByText('0%').closest('[data-tone]')).toHaveAttribute('data-tone', 'red');
    expect(within(region).getByText('Error')).toBeInTheDocument();
    // The question can be asked again.
    expect(within(region).getByRole('button', { name: TODAYS_PROMPTS[2] })).toBeEnabled();
  });

  it("shows 'No response received' for a reply without an answer", async () => {
    const { user } = renderDashboard(() => jsonResponse(200, { confidence: 0.9, citations: [] }));
    const region = await card();
    await user.click(within(region).getByRole('button', { name: TODAYS_PROMPTS[0] }));
    expect(await within(region).findByText('No response received')).toBeInTheDocument();
  });

  it('says when the built-in analyst stood in, names the configured engine and flags unsupported figures', async () => {
    const { user } = renderDashboard(() =>
      jsonResponse(
        200,
        makeChatAnswer({
          engine: { provider: 'anthropic', model: 'claude-sonnet-4' },
          fallback_reason: 'the provider did not answer within 30 s',
          unsupported_figures: ['€9.9M'],
        }),
      ),
    );
    const region = await card();
    await user.click(within(region).getByRole('button', { name: TODAYS_PROMPTS[0] }));
    expect(
      await within(region).findByText(
        'The configured AI model could not answer (the provider did not answer within 30 s); the built-in analyst answered instead.',
      ),
    ).toBeVisible();
    expect(
      within(region).getByText(/Not found in your data, check before relying on them: €9\.9M/),
    ).toBeVisible();
    await user.click(within(region).getByRole('button', { name: 'Show details' }));
    expect(within(region).getByText('Anthropic · claude-sonnet-4')).toBeInTheDocument();
  });

  it('asks a related question when it is clicked', async () => {
    const { server, user } = renderDashboard(() => jsonResponse(200, makeChatAnswer()));
    const region = await card();
    await user.click(within(region).getByRole('button', { name: TODAYS_PROMPTS[0] }));
    await user.click(await within(region).findByRole('button', { name: 'Show details' }));
    await user.click(within(region).getByRole('button', { name: 'Size a facility for Lumen Robotics' }));
    await waitFor(() => expect(sentBodies(server)).toHaveLength(2));
    expect(sentBodies(server)[1]).toEqual({
      query: 'Size a facility for Lumen Robotics',
      include_context: true,
      conversation_history: [{ role: 'user', content: TODAYS_PROMPTS[0] }],
    });
  });

  it('announces the answer in a live region, rendered from Markdown', async () => {
    let release: () => void = () => undefined;
    const { user } = renderDashboard(
      () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              jsonResponse(
                200,
                makeChatAnswer({ answer: '**Kestrel Robotics**: runway 4 months.\n\n- cash €2M' }),
              ),
            );
        }),
    );
    const region = await card();
    await user.click(within(region).getByRole('button', { name: TODAYS_PROMPTS[0] }));
    const article = await within(region).findByRole('article', { name: `Question: ${TODAYS_PROMPTS[0]}` });
    // The live region exists while the answer is pending, so its arrival is announced.
    const live = article.querySelector('[aria-live="polite"]') as HTMLElement;
    expect(live).toHaveTextContent('Analysing your data…');
    release();
    await waitFor(() => expect(live).toHaveTextContent('Kestrel Robotics: runway 4 months.'));
    expect(within(live).getByText('Kestrel Robotics').tagName).toBe('STRONG');
    expect(within(live).getByRole('listitem')).toHaveTextContent('cash €2M');
    expect(live).not.toHaveTextContent('**');
    // The details are outside it: opening them is not read out as a new answer.
    expect(within(live).queryByRole('button', { name: 'Show details' })).toBeNull();
  });

  it("renders Markdown tables and never an answer's raw HTML", async () => {
    const answer = [
      'Pipeline by stage <img src="x" onerror="window.hacked = true"> <b>bold?</b>',
      '',
      '| Stage | Deals |',
      '|---|---:|',
      '| Lead | 1 |',
    ].join('\n');
    const { user } = renderDashboard(() => jsonResponse(200, makeChatAnswer({ answer })));
    const region = await card();
    await user.click(within(region).getByRole('button', { name: TODAYS_PROMPTS[0] }));
    const table = await within(region).findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Stage' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Lead' })).toBeInTheDocument();
    expect(region.querySelector('img')).toBeNull();
    expect(region.querySelector('b')).toBeNull();
  });
});
