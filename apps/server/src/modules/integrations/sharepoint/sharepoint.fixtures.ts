import type {
  TDeal,
  TDealIntelligence,
  TDocumentListItem,
  TIngestionResult,
  TRecentDocumentsResponse,
} from '@atempo/contracts';
import {
  defaultSeed,
  type FakeNodeSeed,
  type MicrosoftFake,
  type RequestLogEntry,
} from '@atempo/integrations/fakes';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../../../test/server.ts';
import { processed } from '../../documents/documents.fixtures.ts';

/** Test helpers of the SharePoint routes: runs followed to their end, documents and deals read back. */

export const SP = '/api/v1/sharepoint';

/** The root site's default library ("Contoso Deals" › Documents), which holds `Deals/<company>/`. */
export function dealsDrive(fake: MicrosoftFake): string {
  const root = fake.sites.find((site) => site.isRoot);
  const drive = root?.drives[0]?.id;
  if (!drive) throw new Error('The fake has no root site library');
  return drive;
}

/** An item of the fake by its path from the drive's root; fails the test when absent. */
export function itemAt(fake: MicrosoftFake, driveId: string, path: string) {
  const item = fake.itemByPath(driveId, path);
  if (!item) throw new Error(`The fake has nothing at ${path}`);
  return item;
}

/** The seeded bytes of a file of the root site's library, by its path (e.g. `Deals/Acme/deck.pdf`). */
export async function seededBytes(path: string): Promise<Uint8Array> {
  const seed = await defaultSeed();
  const root = seed.sites.find((site) => site.isRoot);
  let nodes: FakeNodeSeed[] = root?.drives[0]?.items ?? [];
  const parts = path.split('/');
  for (const [index, part] of parts.entries()) {
    const node = nodes.find((candidate) => candidate.name === part);
    if (!node) break;
    if (index === parts.length - 1 && 'bytes' in node && node.bytes) return node.bytes;
    nodes = 'children' in node ? node.children : [];
  }
  throw new Error(`The seed has no file at ${path}`);
}

/** Graph requests for a file's content (a download starts with one). */
export function contentRequests(log: RequestLogEntry[], itemId: string): RequestLogEntry[] {
  return log.filter(
    (entry) =>
      entry.path.startsWith('/v1.0/') &&
      entry.path.endsWith('/content') &&
      decodeURIComponent(entry.path).includes(`/items/${itemId}/`),
  );
}

export const graphRequests = (log: RequestLogEntry[]) =>
  log.filter((entry) => entry.path.startsWith('/v1.0/'));
export const downloads = (log: RequestLogEntry[]) =>
  log.filter((entry) => entry.path.startsWith('/v1.0/') && entry.path.endsWith('/content'));

/** Follows an ingestion run until it is no longer running. */
export async function runOutcome(
  app: FastifyInstance,
  token: string,
  executionId: string,
  timeoutMs = 90_000,
): Promise<TIngestionResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await call<TIngestionResult>(app, 'GET', `${SP}/ingest/${executionId}`, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    if (response.body.status !== 'running') return response.body;
    if (Date.now() > deadline)
      throw new Error(`Ingestion ${executionId} still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts an ingestion (202, running) and follows it to its end. */
export async function ingest(
  app: FastifyInstance,
  token: string,
  kind: 'quick' | 'full' | 'incremental',
  body?: unknown,
): Promise<TIngestionResult> {
  const path = kind === 'quick' ? `${SP}/ingest` : `${SP}/ingest/${kind}`;
  const started = await call<TIngestionResult>(app, 'POST', path, { token, body });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body).toMatchObject({ status: 'running', mode: kind });
  return runOutcome(app, token, started.body.execution_id);
}

/** The organisation's documents, newest first (at most 100). */
export async function documentsOf(app: FastifyInstance, token: string): Promise<TDocumentListItem[]> {
  const response = await call<TRecentDocumentsResponse>(app, 'GET', '/api/v1/documents/recent?limit=100', {
    token,
  });
  expect(response.status).toBe(200);
  return response.body.documents;
}

/** Waits for every document of the organisation to be analysed; answers them. */
export async function analysedDocuments(app: FastifyInstance, token: string): Promise<TDocumentListItem[]> {
  const all = await documentsOf(app, token);
  for (const document of all) {
    if (document.status === 'processing') await processed(app, token, document.id);
  }
  return documentsOf(app, token);
}

/** A deal's documents, as the deal page lists them (GET /deals/{id}/intelligence). */
export async function dealDocuments(
  app: FastifyInstance,
  token: string,
  dealId: string,
): Promise<TDocumentListItem[]> {
  const response = await call<TDealIntelligence>(app, 'GET', `/api/v1/deals/${dealId}/intelligence`, {
    token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.document_intelligence.documents;
}

export async function dealsOf(app: FastifyInstance, token: string): Promise<TDeal[]> {
  const list = await call<{ deals: { id: string }[] }>(app, 'GET', '/api/v1/deals?limit=1000', { token });
  expect(list.status).toBe(200);
  const deals: TDeal[] = [];
  for (const { id } of list.body.deals) {
    const deal = await call<TDeal>(app, 'GET', `/api/v1/deals/${id}`, { token });
    expect(deal.status).toBe(200);
    deals.push(deal.body);
  }
  return deals;
}

export async function companiesNamed(app: FastifyInstance, token: string, search: string) {
  const response = await call<{ companies: { id: string; name: string }[] }>(
    app,
    'GET',
    `/api/v1/companies?search=${encodeURIComponent(search)}`,
    { token },
  );
  expect(response.status).toBe(200);
  return response.body.companies;
}
