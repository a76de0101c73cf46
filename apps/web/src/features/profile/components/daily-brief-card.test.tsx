import type { TMonitoringSubscription } from '@atempo/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { coverageSentence, dailySendTime } from './daily-brief-card.tsx';

const stopped: TMonitoringSubscription = {
  status: 'stopped',
  subscription_id: null,
  portfolio_companies: [],
  sectors: [],
  schedule: '0 7 * * *',
  email: 'ada@northbridge.example',
};

/** A fake server keeping the user's subscription, as the real one does. */
function briefServer(initial: TMonitoringSubscription) {
  let subscription = initial;
  return createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /users/me/api-keys': () => jsonResponse(200, { api_keys: [] }),
    'GET /monitoring/subscription': () => jsonResponse(200, subscription),
    'POST /monitoring/start': () => {
      subscription = {
        ...stopped,
        status: 'scheduled',
        subscription_id: '2c1b0a9f-8e7d-4c6b-9a5f-4e3d2c1b0a9f',
      };
      return jsonResponse(200, subscription);
    },
    'POST /monitoring/stop': () => {
      subscription = stopped;
      return jsonResponse(200, subscription);
    },
  });
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Daily brief' })).closest('section') as HTMLElement;

describe('Daily brief on Your Profile', () => {
  it('starts the brief for the whole portfolio, then stops it', async () => {
    storeSession();
    const server = briefServer(stopped);
    renderApp('/profile', server);
    const user = userEvent.setup();
    const section = within(await card());
    expect(
      await section.findByText(/Not sent to you\. Start it to receive it at 07:00 UTC at/),
    ).toBeInTheDocument();
    expect(section.getByText('Off')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Start daily brief' }));
    expect(await section.findByText('On')).toBeInTheDocument();
    expect(section.getByText(/at 07:00 UTC,\s+covering the whole portfolio\./)).toBeInTheDocument();
    expect(server.callsTo('POST', '/monitoring/start')[0]?.body).toEqual({
      portfolio_companies: [],
      sectors: [],
    });

    await user.click(section.getByRole('button', { name: 'Stop daily brief' }));
    expect(await section.findByRole('button', { name: 'Start daily brief' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/monitoring/stop')).toHaveLength(1);
  });

  it('shows what a subscription started through the API covers, and says why a change failed', async () => {
    storeSession();
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'GET /users/me/api-keys': () => jsonResponse(200, { api_keys: [] }),
      'GET /monitoring/subscription': () =>
        jsonResponse(200, {
          ...stopped,
          status: 'scheduled',
          subscription_id: '2c1b0a9f-8e7d-4c6b-9a5f-4e3d2c1b0a9f',
          portfolio_companies: ['Lumen Robotics'],
          sectors: ['Fintech'],
        }),
      'POST /monitoring/stop': () => jsonResponse(503, { detail: 'Try again shortly', code: 'UNAVAILABLE' }),
    });
    renderApp('/profile', server);
    const user = userEvent.setup();
    const section = within(await card());
    expect(
      await section.findByText(/covering companies Lumen Robotics; sectors Fintech\./),
    ).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Stop daily brief' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Try again shortly');
    expect(section.getByText('On')).toBeInTheDocument();
  });

  it('writes a daily schedule as a time and anything else as the cron line', () => {
    expect(dailySendTime('0 7 * * *')).toBe('07:00 UTC');
    expect(dailySendTime('30 18 * * *')).toBe('18:30 UTC');
    expect(dailySendTime('0 7 * * 1')).toBeNull();
    expect(coverageSentence({ portfolio_companies: [], sectors: ['SaaS'] })).toBe('sectors SaaS');
  });
});
