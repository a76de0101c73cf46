#!/usr/bin/env node
// Lists, per database table, the server modules whose code names it: through a Drizzle table
// imported from @atempo/db, or in SQL text (FROM / JOIN / INTO / UPDATE / DELETE FROM <table>).
// The goal is one module per table (docs/ARCHITECTURE.md); exceptions are written in decision 038.
//
//   node scripts/table-owners.mjs          # the table, one line per table
//   node scripts/table-owners.mjs --check  # exit 1 when a table has a reader outside its owner
//                                          # and outside the exceptions below
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const schemaDir = join(root, 'packages/db/src/schema');
const serverSrc = join(root, 'apps/server/src');

/** Drizzle export name → SQL table name, read from the schema files. */
function readTables() {
  const tables = new Map();
  for (const file of readdirSync(schemaDir)) {
    const text = readFileSync(join(schemaDir, file), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) tables.set(m[1], m[2]);
  }
  return tables;
}

function* tsFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* tsFiles(path);
    else if (/\.tsx?$/.test(name) && !/\.(test|fixtures)\.tsx?$/.test(name) && !name.includes('.test-'))
      yield path;
  }
}

/** The unit a file belongs to: modules/<m>, or the top folder (platform, mcp, scripts, test). */
function unitOf(path) {
  const parts = relative(serverSrc, path).split('/');
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  return parts.length === 1 ? '(root)' : parts[0];
}

const tables = readTables();
const sqlNames = new Map([...tables].map(([name, table]) => [table, name]));
const sqlPattern = new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE)\\s+(${[...sqlNames.keys()].join('|')})\\b`, 'gi');

/** table export name → Set of units naming it */
const namedBy = new Map([...tables.keys()].map((name) => [name, new Set()]));
for (const file of tsFiles(serverSrc)) {
  const text = readFileSync(file, 'utf8');
  const unit = unitOf(file);
  for (const imp of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@atempo\/db'/g)) {
    for (const spec of imp[1].split(',')) {
      const name = spec
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (namedBy.has(name) && !/^\s*type\s/.test(spec)) namedBy.get(name).add(unit);
    }
  }
  for (const m of text.matchAll(/schema\.(\w+)/g)) namedBy.get(m[1])?.add(unit);
  for (const m of text.matchAll(sqlPattern)) namedBy.get(sqlNames.get(m[1].toLowerCase()))?.add(unit);
}

/** The module that owns each table (docs/ARCHITECTURE.md, "Modules"). */
const OWNERS = {
  users: 'modules/users',
  invitations: 'modules/users',
  organizations: 'modules/organizations',
  organizationAlertSettings: 'modules/alerts',
  // Sessions (refresh-token families) are the platform's, beside the access tokens they mint.
  refreshTokens: 'platform',
  passwordResetTokens: 'modules/auth',
  loginThrottles: 'modules/auth',
  integrationConnections: 'modules/integrations',
  oauthStates: 'modules/integrations',
  sharepointSettings: 'modules/integrations',
  driveCursors: 'modules/integrations',
  driveItems: 'modules/integrations',
  ingestionSchedules: 'modules/integrations',
  apiKeys: 'modules/api-keys',
  theses: 'modules/thesis',
  companies: 'modules/companies',
  watchlistEntries: 'modules/alerts',
  deals: 'modules/deals',
  dealNumberCounters: 'modules/deals',
  dealStageCounts: 'modules/deals',
  scoringRuns: 'modules/scoring',
  storedFiles: 'modules/documents',
  documents: 'modules/documents',
  dealActivity: 'modules/deal-activity',
  workflowExecutions: 'platform',
  workflowSteps: 'platform',
  workflowLogs: 'platform',
  // Each job-running process's lease and the jobs it holds (decision 048), beside the job runner.
  jobWorkerLeases: 'platform',
  jobHolds: 'platform',
  chatRateWindows: 'modules/assistant',
  knowledgeChunks: 'modules/knowledge',
  knowledgeInteractions: 'modules/interactions',
  knowledgeInteractionCompanies: 'modules/interactions',
  icMemos: 'modules/ic-memos',
  researchRecords: 'modules/research',
  monitoringSubscriptions: 'modules/monitoring',
  intelligenceSources: 'modules/funding-news',
  fundingAnnouncements: 'modules/funding-news',
  fundingArticles: 'modules/funding-news',
  marketSignals: 'modules/signals',
  notifications: 'modules/alerts',
  metricSnapshots: 'modules/dashboard',
};

/**
 * Units allowed to name a table they do not own, and why (decision 038). Schema-wide work only:
 * migrations and the demo seed write every table by design.
 */
const EXCEPTIONS = {
  scripts: 'the demo seed and maintenance scripts write across the schema on purpose',
  test: 'test helpers build fixtures across the schema',
};

/**
 * Read-only joins a module keeps over a table it does not own, because a paged list or a single
 * statement needs the columns together (splitting it would cost a round trip per page or lose
 * atomicity). Key: "unit table_name"; value: why. Nothing here writes the other table.
 */
const JOINS = {
  'modules/documents companies':
    "document lists (recent, a deal's, the Documents page) show each document's company name in the page's statement",
  'modules/documents users': 'document lists show who uploaded each document, joined for the page only',
  'modules/signals funding_announcements':
    "market signals in a window (signalsInWindow) filter by their announcement's sector and place and show its link, before the limit",
  'modules/signals deals':
    "market signals in a window take a signal's sector from a deal on its company when it has no announcement, filtered before the limit",
  'modules/companies knowledge_interactions':
    'silent companies (companiesSilentSince) ranks companies by their latest email or note in one paged statement',
  'modules/companies knowledge_interaction_companies':
    'silent companies reach their emails and notes through their company links in the same paged ranking',
  'modules/companies deals':
    "silent companies counts a deal's recorded last interaction as contact in the same paged ranking",
  'modules/knowledge companies':
    'search ranks companies with passages, emails and notes in one banded statement (decision 016), and inactive companies ranks companies by their latest activity of every kind in one paged statement',
  'modules/knowledge documents':
    "search filters and titles passages by their document in its ranking statement; the indexer locks the document row in the transaction that replaces its passages; inactive companies reads each company's latest document",
  'modules/knowledge deals':
    "search's company filter and titles reach documents through their deal; inactive companies reads each company's latest deal change",
  'modules/knowledge deal_activity':
    "inactive companies reads each company's latest deal activity in its paged ranking",
  'modules/knowledge users': "search's result rows carry their author's name, joined for the final page only",
  'modules/knowledge knowledge_interactions':
    'search ranks emails and notes with passages in one banded statement; inactive companies reads their latest email and note',
  'modules/knowledge knowledge_interaction_companies':
    "search's company filter and inactive companies reach emails and notes through their company links",
  'modules/api-keys users':
    "authenticating a request made with an API key reads the key and its user's organisation and role in one prepared statement, on every such request",
  'modules/companies watchlist_entries':
    "the company list and detail carry each company's watchlist entry id in the page's statement; alerts builds on companies, so asking its door would be an import cycle",
  'modules/deals companies':
    "deal lists, board, export and detail show the company's name (sorted and searched by it, q), CSV import matches deals by it, a deal's scores read its company's stage in the same locked statement (rescore pages, updates), and the portfolio summary (portfolioGroups) groups and filters deals by their company's funding stage in one aggregate",
  'modules/alerts market_signals':
    "an alert IS a signal over its watchlist entry's threshold: listing, counting, notifying and posting alerts join the signal to the entry in one statement, and the paged notification menu shows each notification's signal company and impact (signals composes alerts, so a call back through its door would be a cycle)",
  'modules/alerts users':
    'alert notifications fan out to every member in one INSERT … SELECT with ON CONFLICT (a rescan notifies nobody twice), and the pending-email read takes each recipient with their notifications',
  'modules/deals deal_activity':
    "a deal's stage at a past instant and the month it closed come from its stage changes: the dashboard's pipeline figures group the deals by them in one statement",
  'modules/research market_signals':
    "research's signal candidates are filtered by the terms over the signal and its company's industry or round's sector, newest first under the candidate limit, in one statement",
  'modules/research documents':
    "research's document candidates are filtered by the terms over the document and its company's name and industry (reached through its deal), newest first under the candidate limit, in one statement",
  'modules/research deals':
    "comparable deals are chosen by the deal's sector or else its company's industry and ranked by score under a limit in one statement; documents reach their company through their deal",
  'modules/research companies':
    "only inside the joins above: signal and document candidates are filtered by their company's industry (and name) under the candidate limit, comparable deals rank by their company's industry and stage; company profiles themselves come from the companies door",
  'modules/research funding_announcements':
    "only inside the signal join above: a signal's candidates are filtered by its round's sector and carry its region and amount in one statement; rounds themselves come from the funding-news door",
  'modules/search companies':
    "the global search is one ranked statement: each kind's candidates by name, deals through their company's match, the best `limit` of all kinds in one ORDER BY over the trigram and full-text indexes",
  'modules/search deals':
    'the global search ranks deals through their company’s match in the same statement (see companies)',
  'modules/search documents':
    'the global search ranks documents with the other kinds in one statement (see companies)',
  'modules/search funding_announcements':
    'the global search ranks funding rounds with the other kinds in one statement (see companies)',
};

const check = process.argv.includes('--check');
let foreign = 0;
const rows = [...namedBy].sort(([a], [b]) => a.localeCompare(b));
for (const [name, units] of rows) {
  const owner = OWNERS[name] ?? '(no owner set)';
  const others = [...units]
    .filter((u) => u !== owner && !(u in EXCEPTIONS) && !(`${u} ${tables.get(name)}` in JOINS))
    .sort();
  const joins = [...units].filter((u) => `${u} ${tables.get(name)}` in JOINS).sort();
  foreign += others.length;
  const joined = joins.length ? `  (joined by ${joins.join(', ')})` : '';
  const mark = others.length ? `  ← also ${others.join(', ')}` : '';
  console.log(`${tables.get(name).padEnd(34)} ${owner}${joined}${mark}`);
}
console.log(`\n${foreign} reads or writes outside a table's owner`);
if (check && foreign > 0) process.exit(1);
