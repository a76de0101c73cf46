import {
  MAX_SOURCES_PER_ORGANIZATION,
  type TCuratedFeedsResponse,
  type TIntelligenceSource,
  type TIntelligenceSourcesQuery,
  type TIntelligenceSourcesResponse,
  type TSourceFetchResponse,
  type TUpdateIntelligenceSourceRequest,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { CURATED_FEEDS, isCuratedUrl } from './curated-feeds.ts';
import { type FeedFetcherDeps, fetchSource } from './feed-fetcher.ts';
import * as repository from './feed-sources.repository.ts';

const sourceNotFound = () => notFound('Source not found', 'SOURCE_NOT_FOUND');
const alreadyFollowed = () => conflict('This feed is already in your sources', 'SOURCE_EXISTS');

export function toSource(row: repository.SourceRow): TIntelligenceSource {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    enabled: row.enabled,
    curated: row.curated,
    last_fetched_at: row.lastFetchedAt?.toISOString() ?? null,
    last_status: (row.lastStatus as TIntelligenceSource['last_status']) ?? null,
    last_error: row.lastError,
    items_found: row.itemsFound,
    announcements_found: row.announcementsFound,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listSources(
  db: Database,
  organizationId: string,
  page: TIntelligenceSourcesQuery,
): Promise<TIntelligenceSourcesResponse> {
  const { rows, total } = await repository.listSources(db, organizationId, page);
  return { sources: rows.map(toSource), total, limit: page.limit, offset: page.offset };
}

export async function listCuratedFeeds(db: Database, organizationId: string): Promise<TCuratedFeedsResponse> {
  const added = await repository.sourceIdsByUrl(db, organizationId);
  return { feeds: CURATED_FEEDS.map((feed) => ({ ...feed, source_id: added.get(feed.url) ?? null })) };
}

export async function createSource(
  db: Database,
  caller: { organizationId: string; userId: string },
  input: { url: string; name: string; enabled: boolean },
): Promise<TIntelligenceSource> {
  if ((await repository.countSources(db, caller.organizationId)) >= MAX_SOURCES_PER_ORGANIZATION) {
    throw new AppError(
      422,
      'TOO_MANY_SOURCES',
      `An organisation can follow at most ${MAX_SOURCES_PER_ORGANIZATION} feeds; remove one first`,
    );
  }
  const row = await repository.insertSourceUnlessPresent(db, {
    organizationId: caller.organizationId,
    url: input.url,
    name: input.name,
    enabled: input.enabled,
    curated: isCuratedUrl(input.url),
    createdBy: caller.userId,
  });
  if (!row) throw alreadyFollowed();
  return toSource(row);
}

export async function updateSource(
  db: Database,
  organizationId: string,
  id: string,
  input: TUpdateIntelligenceSourceRequest,
): Promise<TIntelligenceSource> {
  const current = await repository.getSource(db, organizationId, id);
  if (!current) throw sourceNotFound();
  const moved = input.url !== undefined && input.url !== current.url;
  try {
    const row = await repository.updateSource(db, organizationId, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      // Another address is another feed: its validators and last run say nothing about it.
      ...(moved
        ? {
            url: input.url,
            curated: isCuratedUrl(input.url as string),
            etag: null,
            lastModified: null,
            lastFetchedAt: null,
            lastStatus: null,
            lastError: null,
            itemsFound: 0,
            announcementsFound: 0,
          }
        : {}),
    });
    if (!row) throw sourceNotFound();
    return toSource(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyFollowed();
    throw error;
  }
}

export async function deleteSource(db: Database, organizationId: string, id: string): Promise<void> {
  if (!(await repository.deleteSource(db, organizationId, id))) throw sourceNotFound();
}

/** Fetches now, whether or not the source is enabled (the Sources page's Test fetch). */
export async function fetchSourceNow(
  deps: FeedFetcherDeps,
  organizationId: string,
  id: string,
): Promise<TSourceFetchResponse> {
  const source = await repository.getSource(deps.db, organizationId, id);
  if (!source) throw sourceNotFound();
  const outcome = await fetchSource(deps, source);
  return { source: toSource(outcome.source), run: outcome.run };
}
