import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Database, fundingAnnouncements } from '@atempo/db';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../../test/server.ts';
import { waitFor } from '../deals/pipeline.fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RoundSeed {
  companyName: string;
  sector: string | null;
  country: string | null;
  region?: string | null;
  stage: string | null;
  amountEur: number | null;
  daysAgo: number;
  confidence?: number;
  investors?: string[];
  summary?: string;
  companyId?: string | null;
  /** Another outlet's report of a round (stored as its own announcement, as a missed merge would be). */
  sourceName?: string;
}

/** A funding announcement as the extraction would store it (amounts in EUR). */
export async function insertRound(db: Database, organizationId: string, seed: RoundSeed): Promise<string> {
  const announcedAt = new Date(Date.now() - seed.daysAgo * DAY_MS);
  const [row] = await db
    .insert(fundingAnnouncements)
    .values({
      organizationId,
      companyName: seed.companyName,
      companyId: seed.companyId ?? null,
      title: `${seed.companyName} raises ${seed.amountEur === null ? 'new funding' : `€${seed.amountEur / 1e6}M`}`,
      summary: seed.summary ?? null,
      amountRaised: seed.amountEur,
      currency: seed.amountEur === null ? null : 'EUR',
      amountEur: seed.amountEur,
      stage: seed.stage,
      investors: seed.investors ?? [],
      region: seed.region ?? 'Europe',
      country: seed.country,
      sector: seed.sector,
      announcedAt,
      confidenceScore: seed.confidence ?? 0.8,
      sourceName: seed.sourceName ?? 'Test Wire',
      sourceUrl: `https://${seed.sourceName ? 'other' : 'news'}.example/${encodeURIComponent(seed.companyName)}`,
      sources: [{ name: seed.sourceName ?? 'Test Wire', url: null, published_at: announcedAt.toISOString() }],
      dedupKey: `${seed.companyName.toLowerCase()}:${seed.stage ?? 'unknown'}${seed.sourceName ? `:${seed.sourceName}` : ''}`,
    })
    .returning({ id: fundingAnnouncements.id });
  return row!.id;
}

/** Starts a scan through the API and waits for its workflow to finish. */
export async function scanNow(app: FastifyInstance, token: string): Promise<Record<string, unknown>> {
  const started = await call<{ execution_id: string; status: string }>(
    app,
    'POST',
    '/api/v1/intelligence/scan',
    {
      token,
    },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body.status).toBe('pending');
  return waitFor(async () => {
    const status = await call<{ status: string; result: Record<string, unknown>; error?: string }>(
      app,
      'GET',
      `/api/v1/agents/workflows/${started.body.execution_id}/status`,
      { token },
    );
    if (status.body.status === 'failed') throw new Error(`Scan failed: ${JSON.stringify(status.body)}`);
    return status.body.status === 'completed' ? status.body.result : undefined;
  }, 60_000);
}

export interface SlackCatcher {
  url: string;
  bodies: unknown[];
  /** Answer this status to the next posts (Slack's 500 or 404 "no_service"). */
  failWith: number | null;
  close(): Promise<void>;
}

/** A local stand-in for a Slack incoming webhook: accepts JSON posts with text and blocks, as Slack does. */
export async function startSlackCatcher(): Promise<SlackCatcher> {
  const catcher: SlackCatcher = { url: '', bodies: [], failWith: null, close: async () => {} };
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => resolve(text));
    });
  const server: Server = createServer(async (request, response) => {
    const text = await read(request);
    if (request.method !== 'POST' || request.headers['content-type'] !== 'application/json') {
      response.writeHead(400).end('invalid_payload');
      return;
    }
    if (catcher.failWith) {
      response.writeHead(catcher.failWith).end('server_error');
      return;
    }
    let body: { text?: unknown; blocks?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      response.writeHead(400).end('invalid_payload');
      return;
    }
    if (typeof body.text !== 'string' || !Array.isArray(body.blocks)) {
      response.writeHead(400).end('invalid_blocks');
      return;
    }
    catcher.bodies.push(body);
    response.writeHead(200, { 'content-type': 'text/html' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  catcher.url = `http://127.0.0.1:${port}/services/T000TEST/B000TEST/secretwebhooktoken`;
  catcher.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return catcher;
}
