import { type TFundingArticle, type TSourceFetchRun, ZFundingArticle } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { Logger } from 'pino';
import type { FundingIngest } from '../../platform/ports.ts';
import { SafeFetchError, type SafeFetchResponse, safeFetch } from '../../platform/safe-fetch.ts';
import { decodeFeedBody } from './feed-encoding.ts';
import { type FeedItem, FeedParseError, parseFeed } from './feed-parser.ts';
import * as repository from './feed-sources.repository.ts';

/** What fetching a source needs; the ingest is the extraction module's, given at wiring. */
export interface FeedFetcherDeps {
  db: Database;
  allowPrivateNetworks: boolean;
  ingest: FundingIngest;
  logger?: Logger;
  /** Absent: safe-fetch's 15 s and 10 MB. */
  timeoutMs?: number;
  maxBytes?: number;
}

export interface SourceFetchOutcome {
  source: repository.SourceRow;
  run: TSourceFetchRun;
}

const ACCEPT =
  'application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';
const MAX_ERROR_LENGTH = 500;

function header(response: SafeFetchResponse, name: string): string | null {
  const value = response.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  // Validators are echoed back verbatim; a huge one is junk, not worth storing.
  return text && text.length <= 500 ? text : null;
}

function toArticles(items: FeedItem[], sourceName: string): TFundingArticle[] {
  const articles: TFundingArticle[] = [];
  for (const item of items) {
    // The contract's bounds (title, URL, summary) are checked here so the ingest never sees bad input.
    const parsed = ZFundingArticle.safeParse({ ...item, source: sourceName });
    if (parsed.success) articles.push(parsed.data);
  }
  return articles;
}

/**
 * Fetches one source (conditionally, with the validators of its last answer), reads its items into
 * articles, hands them to the ingest and records the outcome on the source. Never throws for what
 * the feed did: a refused address, a timeout, an oversized or malformed feed become the source's
 * error. New validators are kept only once the ingest has taken the articles, so a failed ingest is
 * retried with a full fetch next time.
 */
export async function fetchSource(
  deps: FeedFetcherDeps,
  source: repository.SourceRow,
): Promise<SourceFetchOutcome> {
  const startedAt = Date.now();
  const finish = async (
    run: Omit<TSourceFetchRun, 'duration_ms'>,
    validators: { etag: string | null; lastModified: string | null },
  ): Promise<SourceFetchOutcome> => {
    const error = run.error === null ? null : run.error.slice(0, MAX_ERROR_LENGTH);
    const recorded = await repository.recordRun(deps.db, source.id, {
      lastFetchedAt: new Date(),
      lastStatus: run.status,
      lastError: error,
      etag: validators.etag,
      lastModified: validators.lastModified,
      itemsFound: run.items_found,
      announcementsFound: run.announcements_found,
    });
    const outcome = { ...run, error, duration_ms: Date.now() - startedAt };
    deps.logger?.info({ sourceId: source.id, ...outcome }, 'Feed fetched');
    return { source: recorded ?? source, run: outcome };
  };
  const keep = { etag: source.etag, lastModified: source.lastModified };
  const failed = (error: string, httpStatus: number | null) =>
    finish(
      {
        status: 'error',
        http_status: httpStatus,
        error,
        // The figures of the last good run stay until a run replaces them.
        items_found: source.itemsFound,
        announcements_found: source.announcementsFound,
      },
      keep,
    );

  const headers: Record<string, string> = { accept: ACCEPT };
  if (source.etag) headers['if-none-match'] = source.etag;
  if (source.lastModified) headers['if-modified-since'] = source.lastModified;

  let response: SafeFetchResponse;
  try {
    response = await safeFetch(source.url, {
      allowPrivateNetworks: deps.allowPrivateNetworks,
      headers,
      timeoutMs: deps.timeoutMs,
      maxBytes: deps.maxBytes,
    });
  } catch (error) {
    if (error instanceof SafeFetchError) return failed(error.message, null);
    throw error;
  }

  if (response.status === 304) {
    return finish(
      {
        status: 'not_modified',
        http_status: 304,
        error: null,
        items_found: source.itemsFound,
        announcements_found: source.announcementsFound,
      },
      {
        etag: header(response, 'etag') ?? source.etag,
        lastModified: header(response, 'last-modified') ?? source.lastModified,
      },
    );
  }
  if (response.status < 200 || response.status > 299) {
    return failed(`The feed answered HTTP ${response.status}`, response.status);
  }

  let items: FeedItem[];
  try {
    items = parseFeed(decodeFeedBody(response.body, response.headers['content-type']), response.url).items;
  } catch (error) {
    if (error instanceof FeedParseError) return failed(error.message, response.status);
    throw error;
  }

  const articles = toArticles(items, source.name);
  let announcements: number;
  try {
    announcements =
      articles.length === 0
        ? 0
        : (await deps.ingest(source.organizationId, articles, { id: source.id, name: source.name }))
            .announcements;
  } catch (error) {
    deps.logger?.error({ err: error, sourceId: source.id }, 'Feed articles could not be ingested');
    return failed(
      'The feed was read but its articles could not be processed; they will be read again',
      response.status,
    );
  }
  return finish(
    {
      status: 'ok',
      http_status: response.status,
      error: null,
      items_found: items.length,
      announcements_found: announcements,
    },
    { etag: header(response, 'etag'), lastModified: header(response, 'last-modified') },
  );
}
