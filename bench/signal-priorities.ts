/**
 * Signal and company priorities (issue 18 §5): how many market signals are "High" impact and how
 * many companies are "High" monitoring priority, on two data sets.
 *
 * 1. The demo organisation (`seedDemoOrganization`: its companies, deals, watchlist and news,
 *    through the real ingest and scan).
 * 2. The development news set, `../shared/corpus/funding_news/*.xml`: each feed parsed by the feed
 *    parser and posted through `ingestArticles` (the path feeds take) into an organisation of its
 *    own with the default thesis, then scanned as of one day after the feed's newest item (the
 *    feeds are from 2018 and 2026; the scan reads the 90 days before "now").
 *
 * Also counted: signals per round (a round reported by two articles must give one signal).
 *
 *   npx tsx bench/signal-priorities.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEFAULT_THESIS, parseArticleDate } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { REPO_ROOT } from '../apps/server/src/config.ts';
import { type FeedItem, parseFeed } from '../apps/server/src/modules/funding-news/feed-parser.ts';
import { htmlToText } from '../apps/server/src/modules/funding-news/html-text.ts';
import { ingestArticles } from '../apps/server/src/modules/funding-news/index.ts';
import { deriveAndStoreSignals } from '../apps/server/src/modules/signals/index.ts';
import { saveThesis } from '../apps/server/src/modules/thesis/index.ts';
import { seedDemoOrganization } from '../apps/server/src/scripts/seed-demo-organization.ts';
import { benchConfig, createBenchDatabase, registerOrganization, startApp } from './common.ts';

const CORPUS = path.resolve(REPO_ROOT, '..', 'shared', 'corpus', 'funding_news');
const DAY_MS = 86_400_000;
// The server's own copy of the XML library (the repository root holds an older major version).
const { XMLParser } = createRequire(path.join(REPO_ROOT, 'apps/server/package.json'))(
  'fast-xml-parser',
) as typeof import('../apps/server/node_modules/fast-xml-parser');

type Counts = Record<string, number>;

async function countBy(db: Database, query: ReturnType<typeof sql>): Promise<Counts> {
  const result = await db.execute(query);
  const rows = (result as unknown as { rows: { key: string; n: number | string }[] }).rows;
  return Object.fromEntries(rows.map((row) => [row.key ?? 'none', Number(row.n)]));
}

async function distribution(db: Database, organizationId: string) {
  const impact = await countBy(
    db,
    sql`select impact_level as key, count(*) as n from market_signals
        where organization_id = ${organizationId} group by 1 order by 1`,
  );
  const highByType = await countBy(
    db,
    sql`select signal_type as key, count(*) as n from market_signals
        where organization_id = ${organizationId} and impact_level = 'high' group by 1 order by 1`,
  );
  const companies = await countBy(
    db,
    sql`select monitoring_priority as key, count(*) as n from companies
        where organization_id = ${organizationId} group by 1 order by 1`,
  );
  const perRound = await countBy(
    db,
    sql`select 'funding_round_signals' as key, count(*) as n from market_signals
        where organization_id = ${organizationId} and signal_type = 'funding_round'
        union all
        select 'announcements' as key, count(*) as n from funding_announcements
        where organization_id = ${organizationId}`,
  );
  const thematic = await countBy(
    db,
    sql`select floor(thematic_score)::text as key, count(*) as n from companies
        where organization_id = ${organizationId} group by 1 order by 1`,
  );
  const total = Object.values(impact).reduce((sum, n) => sum + n, 0);
  const companyTotal = Object.values(companies).reduce((sum, n) => sum + n, 0);
  return {
    signals: total,
    signal_impact: impact,
    high_signals_by_type: highByType,
    companies: companyTotal,
    company_priority: companies,
    companies_by_thematic_score: thematic,
    ...perRound,
  };
}

/**
 * A feed's items: RSS or Atom through the feed parser; the corpus's saved item stores
 * (<root><Entrys><Entry><Title/><Description/><URL/><Date/>) read with the same XML library.
 */
function readItems(xml: string): FeedItem[] {
  if (!xml.includes('<Entrys>')) return parseFeed(xml, 'https://example.com/').items;
  const parsed = new XMLParser({ processEntities: true }).parse(xml) as {
    root?: { Entrys?: { Entry?: Record<string, string> | Record<string, string>[] } };
  };
  const entries = parsed.root?.Entrys?.Entry ?? [];
  return (Array.isArray(entries) ? entries : [entries]).map((entry) => {
    const date = entry.Date ? parseArticleDate(String(entry.Date)) : null;
    return {
      title: htmlToText(String(entry.Title ?? '')),
      summary: htmlToText(String(entry.Description ?? '')),
      url: entry.URL ? String(entry.URL) : undefined,
      published_at: date?.toISOString(),
    };
  });
}

async function main() {
  const database = await createBenchDatabase();
  try {
    const db = database.handle.db;
    const config = benchConfig(database.url);
    const now = new Date();
    const seeded = await seedDemoOrganization(db, config.fxRates, now);
    const demoOrg = (
      (await db.execute(sql`select id from organizations where slug = 'demo-capital'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]?.id;
    if (!demoOrg) throw new Error('demo organisation not found');
    const demo = { ...(await distribution(db, demoOrg)), seeded_announcements: seeded.announcements };

    const app = await startApp(database);
    const feeds: Record<string, unknown> = {};
    const totals: Counts = {};
    try {
      for (const file of readdirSync(CORPUS).filter((name) => name.endsWith('.xml'))) {
        const { organizationId, userId } = await registerOrganization(app);
        await saveThesis(db, organizationId, userId, DEFAULT_THESIS);
        const feed = { items: readItems(readFileSync(path.join(CORPUS, file), 'utf8')) };
        const newest = Math.max(...feed.items.map((item) => Date.parse(item.published_at ?? '') || 0));
        const asOf = new Date(newest + DAY_MS);
        const ingested = await ingestArticles(
          { db, fxRates: config.fxRates, now: () => asOf },
          organizationId,
          feed.items.map((item) => ({
            title: item.title,
            summary: item.summary,
            url: item.url,
            published_at: item.published_at,
            source: 'TechCrunch',
          })),
          null,
        );
        await deriveAndStoreSignals(db, organizationId, { now: asOf });
        const found = { items: feed.items.length, ...(await distribution(db, organizationId)) };
        feeds[file] = { ...found, created: ingested.created, merged: ingested.merged };
        for (const [level, n] of Object.entries(found.signal_impact))
          totals[level] = (totals[level] ?? 0) + n;
      }
    } finally {
      await app.close();
    }
    const totalSignals = Object.values(totals).reduce((sum, n) => sum + n, 0);
    const summary = {
      measured_at: now.toISOString(),
      demo,
      news_set: { signal_impact: totals, signals: totalSignals, feeds },
    };
    console.log(JSON.stringify(summary, null, 2));
    console.log(
      `demo: ${demo.signal_impact.high ?? 0} of ${demo.signals} signals high, ` +
        `${demo.company_priority.high ?? 0} of ${demo.companies} companies high; ` +
        `news set: ${totals.high ?? 0} of ${totalSignals} signals high`,
    );
  } finally {
    await database.drop();
  }
}

await main();
