import type {
  TFundingAnnouncementsResponse,
  TFundingImportResult,
  TFundingStats,
  TProcessFundingResponse,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { uploadCsv } from '../../test/upload-csv.ts';
import { createCompany } from '../deals/pipeline.fixtures.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

const newOrg = async () => (await registerOrganization(server.app)).access_token;
const process = (token: string, articles: unknown) =>
  call<TProcessFundingResponse>(server.app, 'POST', '/api/v1/signals/funding-intelligence/process', {
    token,
    body: { articles },
  });
const list = (token: string, query = '') =>
  call<TFundingAnnouncementsResponse>(
    server.app,
    'GET',
    `/api/v1/intelligence/funding-announcements${query}`,
    { token },
  );
const stats = (token: string) =>
  call<TFundingStats>(server.app, 'GET', '/api/v1/intelligence/funding-announcements/stats', { token });
const importCsv = (token: string, csv: string | Buffer) =>
  uploadCsv(
    server.app,
    '/api/v1/intelligence/funding-announcements/import',
    token,
    csv,
  ) as unknown as Promise<{
    status: number;
    body: TFundingImportResult & { detail?: string; code?: string };
  }>;

/** One round as three outlets reported it. */
const voltaroReports = () => [
  {
    title: 'Berlin-based Voltaro raises €12.5m to scale heat pump installs',
    url: 'https://sifted.example/voltaro',
    summary: 'The climate startup will install heat pumps across Germany.',
    published_at: daysAgo(3),
    source: 'Sifted',
  },
  {
    title: 'Voltaro secures €12.5 million Series A led by Extantia Capital',
    url: 'https://eu-startups.example/voltaro-series-a',
    summary: 'With participation from Speedinvest.',
    published_at: daysAgo(2),
    source: 'EU-Startups',
  },
  {
    title: 'Heat pump installer Voltaro lands $13M',
    url: 'https://techcrunch.example/voltaro',
    published_at: daysAgo(2),
    source: 'TechCrunch',
  },
];

describe('POST /signals/funding-intelligence/process', () => {
  it('keeps funding news, merges reports of one round from several sources, and says why the rest was skipped', async () => {
    const token = await newOrg();
    const company = await createCompany(server.app, token, { name: 'Voltaro' });
    const reports = voltaroReports();
    const response = await process(token, [
      ...reports,
      {
        title: 'Stripe acquires Berlin payments startup Paymint for $200m',
        url: 'https://x.example/a',
        source: 'Sifted',
      },
      { title: 'raises €5m seed round', url: 'https://x.example/b', source: 'Sifted' },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ items: 5, created: 1, merged: 2, skipped: 2 });
    expect(response.body.announcement_ids).toHaveLength(1);
    expect(response.body.results.map((r) => [r.status, r.reason])).toEqual([
      ['created', null],
      ['merged', null],
      ['merged', null],
      ['skipped', 'not_funding_news'],
      ['skipped', 'no_company_name'],
    ]);
    expect(response.body.results[3]!.detail).toBe('an acquisition or merger, not a funding round');

    const listed = await list(token);
    expect(listed.body.announcements).toHaveLength(1);
    const [round] = listed.body.announcements;
    expect(round).toMatchObject({
      id: response.body.announcement_ids[0],
      company_name: 'Voltaro',
      company_id: company.id,
      amount_raised: 12_500_000,
      currency: 'EUR',
      amount_eur: 12_500_000,
      stage: 'Series A',
      region: 'Europe',
      country: 'Germany',
      sector: 'climate_tech',
      source_name: 'EU-Startups',
      source_url: 'https://eu-startups.example/voltaro-series-a',
      extraction_metadata: {
        investors: ['Extantia Capital', 'Speedinvest'],
        lead_investor: 'Extantia Capital',
      },
    });
    expect(round!.sources.map((s) => s.name)).toEqual(['Sifted', 'EU-Startups', 'TechCrunch']);
    // dated by the earliest report
    expect(round!.announced_at).toBe(reports[0]!.published_at);
  });

  it('reads a round the summary carries and keeps offerings, fund closes and bare debt facilities out, saying why', async () => {
    const token = await newOrg();
    const response = await process(token, [
      {
        title: 'Ferrolith wants to make steel without coal',
        summary:
          'Ferrolith, a Swedish startup, has raised €18 million in a Series A round led by Climentum Capital. It will build a pilot plant.',
        url: 'https://x.example/ferrolith',
        published_at: daysAgo(2),
        source: 'Sifted',
      },
      {
        title: 'Voltrix raises $400M',
        summary: 'The Nasdaq-listed battery maker priced an upsized offering of convertible senior notes.',
        url: 'https://x.example/voltrix',
        source: 'TechCrunch',
      },
      {
        title: 'Harbourline Ventures raises $250M for its third fund',
        url: 'https://x.example/h',
        source: 'Tech.eu',
      },
      {
        title: 'Lendwise secures $200M credit facility from Atlas SP',
        url: 'https://x.example/l',
        source: 'Tech.eu',
      },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.results.map((r) => [r.status, r.detail])).toEqual([
      ['created', null],
      [
        'skipped',
        'shares or notes sold to the market or by existing holders, not new money for a private company',
      ],
      ['skipped', 'an investor closing a fund of its own, not a company raising'],
      ['skipped', 'a debt facility alone (credit line, loan, venture debt), not an equity round'],
    ]);
    const [round] = (await list(token)).body.announcements;
    expect(round).toMatchObject({
      company_name: 'Ferrolith',
      amount_raised: 18_000_000,
      currency: 'EUR',
      stage: 'Series A',
      country: 'Sweden',
      extraction_metadata: { lead_investor: 'Climentum Capital' },
    });
  });

  it('is idempotent: the same articles again are skipped as already seen and change nothing', async () => {
    const token = await newOrg();
    const first = await process(token, voltaroReports());
    const before = (await list(token)).body;
    const again = await process(token, voltaroReports());
    expect(again.body).toMatchObject({ items: 3, created: 0, merged: 0, skipped: 3, announcement_ids: [] });
    expect(again.body.results.every((r) => r.reason === 'already_seen')).toBe(true);
    expect((await list(token)).body).toEqual(before);
    expect(first.body.created).toBe(1);
  });

  it('makes one announcement when two callers report the same round at the same moment', async () => {
    const token = await newOrg();
    const [first, second, third] = voltaroReports();
    const answers = await Promise.all([
      process(token, [first]),
      process(token, [second]),
      process(token, [third]),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const listed = (await list(token)).body.announcements;
    expect(listed).toHaveLength(1);
    expect(listed[0]!.sources).toHaveLength(3);
  });

  it('lists another source handing in an article already read, as a merge, and only once', async () => {
    const token = await newOrg();
    const [report] = voltaroReports();
    expect((await process(token, [report])).body.created).toBe(1);
    const again = await process(token, [{ ...report, source: 'Climate Digest' }]);
    expect(again.body.results[0]).toMatchObject({ status: 'merged', reason: null });
    const repeated = await process(token, [{ ...report, source: 'Climate Digest' }]);
    expect(repeated.body.results[0]).toMatchObject({ status: 'skipped', reason: 'already_seen' });
    const [announcement] = (await list(token)).body.announcements;
    expect(announcement!.sources.map((s) => s.name)).toEqual(['Sifted', 'Climate Digest']);
    expect(again.body.results[0]!.announcement_id).toBe(announcement!.id);
  });

  it('remembers articles without a link by source and title', async () => {
    const token = await newOrg();
    const article = { title: 'Tallyfold raises £12m Series A', source: 'UKTN', published_at: daysAgo(1) };
    expect((await process(token, [article])).body.created).toBe(1);
    expect((await process(token, [article])).body.results[0]!.reason).toBe('already_seen');
  });

  it('keeps a rumoured round marked and less trusted until a report of it as closed arrives', async () => {
    const token = await newOrg();
    const rumour = {
      title: 'London-based fintech Quillpay in talks to raise £25m Series A',
      url: 'https://sifted.example/quillpay-talks',
      published_at: daysAgo(5),
      source: 'Sifted',
    };
    expect((await process(token, [rumour])).body.created).toBe(1);
    const [heard] = (await list(token)).body.announcements;
    expect(heard).toMatchObject({ company_name: 'Quillpay', confidence_score: 0.54 }); // 0.9 × 0.6
    expect(heard!.extraction_metadata).toMatchObject({ rumoured: true });
    // Counted as a signal, but its money is not raised yet.
    expect((await stats(token)).body).toMatchObject({
      total_count: 1,
      total_raised_eur: 0,
      rumoured_count: 1,
    });

    const closed = {
      title: 'Quillpay raises £25m Series A led by Northzone',
      url: 'https://uktn.example/quillpay',
      published_at: daysAgo(1),
      source: 'UKTN',
    };
    expect((await process(token, [closed])).body.merged).toBe(1);
    const [confirmed] = (await list(token)).body.announcements;
    expect(confirmed).toMatchObject({
      id: heard!.id,
      confidence_score: 0.85,
      announced_at: heard!.announced_at,
    });
    expect(confirmed!.extraction_metadata).toMatchObject({ rumoured: false, lead_investor: 'Northzone' });
    expect((await stats(token)).body).toMatchObject({
      total_count: 1,
      total_raised_eur: confirmed!.amount_eur,
      rumoured_count: 0,
    });
    expect(confirmed!.amount_eur).toBeGreaterThan(0);
  });

  it('reads published_at as sources write it: a bare date, RFC 822, ISO with or without offset', async () => {
    const token = await newOrg();
    const day = new Date(Date.now() - 3 * DAY);
    const isoDate = day.toISOString().slice(0, 10);
    const articles = [
      { title: 'Tallyfold raises £12m Series A', published_at: isoDate },
      { title: 'Brightwell secures €8m Series A', published_at: day.toUTCString() },
      { title: 'Quillmark raises €3m seed round', published_at: `${isoDate}T09:30:00` },
      { title: 'Ostrava Labs raises €20m Series B', published_at: `${isoDate}T09:30:00+02:00` },
    ].map((article, index) => ({ ...article, url: `https://dates.example/${index}`, source: 'UKTN' }));
    const response = await process(token, articles);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.created).toBe(4);
    const announcedAt = new Map(
      (await list(token)).body.announcements.map((a) => [a.company_name, a.announced_at]),
    );
    expect(Object.fromEntries(announcedAt)).toEqual({
      Tallyfold: `${isoDate}T00:00:00.000Z`,
      Brightwell: new Date(day.toUTCString()).toISOString(),
      Quillmark: `${isoDate}T09:30:00.000Z`,
      'Ostrava Labs': `${isoDate}T07:30:00.000Z`,
    });
  });

  it('refuses a batch with one bad article whole, naming the article by its index', async () => {
    const token = await newOrg();
    const good = { title: 'Tallyfold raises £12m Series A', source: 'UKTN', url: 'https://a.example/1' };
    const response = await process(token, [
      good,
      { ...good, url: 'https://a.example/2', title: 'Brightwell secures €8m', published_at: 'last Tuesday' },
    ]);
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.errors).toEqual([
      {
        path: 'articles.1.published_at',
        message:
          'must be a date such as 2026-03-01, 2026-03-01T08:00:00Z or Sun, 01 Mar 2026 08:00:00 GMT, between 1990 and tomorrow',
      },
    ]);
    // Nothing of the batch was read: the good article is new when the batch is sent again fixed.
    expect((await list(token)).body.pagination.total_count).toBe(0);
    expect((await process(token, [good])).body.created).toBe(1);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const token = await newOrg();
    const article = { title: 'Tallyfold raises £12m Series A', source: 'UKTN' };
    const cases: unknown[] = [
      [],
      Array.from({ length: 201 }, (_, i) => ({ ...article, url: `https://x.example/${i}` })),
      [{ ...article, url: 'javascript:alert(1)' }],
      [{ ...article, title: '' }],
      [{ ...article, published_at: 'yesterday' }],
      [{ title: 'x'.repeat(501), source: 'UKTN' }],
      [{ ...article, summary: 's'.repeat(20_001) }],
      'not a list',
    ];
    for (const articles of cases) {
      const response = await process(token, articles);
      expect(response.status, JSON.stringify(articles).slice(0, 80)).toBe(422);
      expect(response.body.code).toBeTruthy();
    }
    expect((await list(token)).body.pagination.total_count).toBe(0);
    const anonymous = await call(server.app, 'POST', '/api/v1/signals/funding-intelligence/process', {
      body: { articles: [article] },
    });
    expect(anonymous.status).toBe(401);
  });

  it('keeps organisations apart: another organisation reads the same article afresh and sees only its own', async () => {
    const [a, b] = [await newOrg(), await newOrg()];
    await process(a, voltaroReports());
    expect((await list(b)).body).toEqual({
      announcements: [],
      pagination: { total_pages: 0, total_count: 0, current_page: 1, has_previous: false, has_next: false },
    });
    const stats = await call<TFundingStats>(
      server.app,
      'GET',
      '/api/v1/intelligence/funding-announcements/stats',
      {
        token: b,
      },
    );
    expect(stats.body.total_count).toBe(0);
    expect((await process(b, voltaroReports().slice(0, 1))).body.created).toBe(1);
    expect((await list(a)).body.announcements[0]!.sources).toHaveLength(3);
    expect((await list(b)).body.announcements[0]!.sources).toHaveLength(1);
  });
});

describe('GET /intelligence/funding-announcements', () => {
  let token: string;
  beforeAll(async () => {
    token = await newOrg();
    // seven rounds over the last 20 days and one 45 days ago
    const companies = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf'];
    await process(token, [
      ...companies.map((name, i) => ({
        title: `${name}ly raises €${i + 2}m seed round`,
        url: `https://x.example/${name}`,
        published_at: daysAgo(i * 3 + 1),
        source: 'EU-Startups',
      })),
      {
        title: 'Hotelly raises €40m Series B',
        url: 'https://x.example/hotel',
        published_at: daysAgo(45),
        source: 'Sifted',
      },
    ]);
  });

  it('pages newest first with the spec pagination', async () => {
    const page1 = await list(token, '?limit=3');
    expect(page1.body.announcements.map((a) => a.company_name)).toEqual(['Alphaly', 'Bravoly', 'Charliely']);
    expect(page1.body.pagination).toEqual({
      total_pages: 3,
      total_count: 7,
      current_page: 1,
      has_previous: false,
      has_next: true,
    });
    const page3 = await list(token, '?limit=3&page=3');
    expect(page3.body.announcements.map((a) => a.company_name)).toEqual(['Golfly']);
    expect(page3.body.pagination).toMatchObject({ current_page: 3, has_previous: true, has_next: false });
    const beyond = await list(token, '?limit=3&page=9');
    expect(beyond.body.announcements).toEqual([]);
    expect(beyond.body.pagination).toMatchObject({ total_pages: 3, current_page: 9, has_next: false });
  });

  it('counts days back from the announcement date', async () => {
    expect((await list(token)).body.pagination.total_count).toBe(7);
    expect((await list(token, '?days=60')).body.pagination.total_count).toBe(8);
    expect((await list(token, '?days=5')).body.announcements.map((a) => a.company_name)).toEqual([
      'Alphaly',
      'Bravoly',
    ]);
  });

  it('answers the stats cards over the same period', async () => {
    const stats = await call<TFundingStats>(
      server.app,
      'GET',
      '/api/v1/intelligence/funding-announcements/stats?days=60',
      {
        token,
      },
    );
    expect(stats.body).toEqual({
      days: 60,
      total_count: 8,
      total_raised_eur: (2 + 3 + 4 + 5 + 6 + 7 + 8 + 40) * 1e6,
      amount_unknown_count: 0,
      rumoured_count: 0,
      thesis_sector_count: 0,
      high_priority_count: 0,
    });
  });

  it('refuses a bad query with 422', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?days=0',
      '?days=abc',
      '?page=0',
      '?page=-1',
      '?days=99999',
    ]) {
      const response = await list(token, query);
      expect(response.status, query).toBe(422);
    }
  });
});

describe('POST /intelligence/funding-announcements/import', () => {
  const HEADER =
    'Organization Name,Funding Type,Money Raised,Money Raised Currency,Announced Date,Investor Names,Lead Investors,Organization Location,Industries';

  it('imports a Crunchbase export with a BOM, keeping blank amounts as unknown, and merges with an article of the same round', async () => {
    const token = await newOrg();
    await process(token, voltaroReports().slice(1, 2));
    const day = daysAgo(2).slice(0, 10);
    const csv = [
      HEADER,
      `Voltaro,Series A,12500000,EUR,${day},"Extantia Capital, Speedinvest, Seedcamp",Extantia Capital,"Berlin, Berlin, Germany",Climate Tech`,
      `Tallyfold,Seed,,GBP,${day},Northzone,,"London, England, United Kingdom",FinTech`,
      `Quietly,Venture - Series Unknown,undisclosed,USD,${day},,,"Austin, Texas, United States",Software`,
      `,Seed,1000000,EUR,${day},,,,`,
    ].join('\r\n');
    const response = await importCsv(
      token,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      rows: 4,
      created: 2,
      merged: 1,
      skipped: 1,
      amount_unknown: 2,
      encoding: 'utf-8',
      columns: { company: 'Organization Name', round_type: 'Funding Type', amount: 'Money Raised' },
    });
    // "undisclosed" says there is no figure: kept without an amount, and not a problem
    expect(response.body.problems).toEqual([
      { line: 5, field: 'company', message: 'no company name: row refused' },
    ]);
    const { announcements } = (await list(token)).body;
    const byName = Object.fromEntries(announcements.map((a) => [a.company_name, a]));
    expect(byName.Voltaro!.sources.map((s) => s.name)).toEqual(['EU-Startups', 'CSV import (data.csv)']);
    expect(byName.Voltaro!.extraction_metadata.investors[0]).toBe('Extantia Capital');
    expect(byName.Voltaro!.extraction_metadata.investors).toEqual(
      expect.arrayContaining(['Speedinvest', 'Seedcamp']),
    );
    expect(byName.Tallyfold).toMatchObject({
      amount_raised: null,
      currency: null,
      amount_eur: null,
      stage: 'Seed',
      region: 'UK',
      sector: 'fintech',
    });
    expect(byName.Quietly).toMatchObject({
      amount_raised: null,
      stage: null,
      region: 'US',
      sector: 'b2b_saas',
    });

    // the same file again changes nothing
    const again = await importCsv(token, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]));
    expect(again.body).toMatchObject({ created: 0, merged: 3 });
    expect((await list(token)).body.announcements).toEqual(announcements);
  });

  it('reads Windows-1252 £ and € amounts and old Mac \\r line endings', async () => {
    const token = await newOrg();
    const day = daysAgo(1).slice(0, 10);
    const csv = `Company;Round Type;Amount;Date\r Crème Labs;Seed;€2.5m;${day}\rLondon Pay;Series A;£8 million;${day}\r`;
    const response = await importCsv(
      token,
      Buffer.from(csv, 'latin1').map((byte, i) => (csv[i] === '€' ? 0x80 : byte)) as Buffer,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ rows: 2, created: 2, encoding: 'windows-1252', problems: [] });
    const byName = Object.fromEntries((await list(token)).body.announcements.map((a) => [a.company_name, a]));
    expect(byName['Crème Labs']).toMatchObject({ amount_raised: 2_500_000, currency: 'EUR', stage: 'Seed' });
    expect(byName['London Pay']).toMatchObject({
      amount_raised: 8_000_000,
      currency: 'GBP',
      stage: 'Series A',
    });
  });

  it('reads UTF-16 with a BOM (Excel "Unicode text")', async () => {
    const token = await newOrg();
    const csv = `Company,Round,Amount,Currency,Date\nZürich Robotics,Series B,20000000,CHF,${daysAgo(1).slice(0, 10)}\n`;
    const response = await importCsv(
      token,
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ created: 1, encoding: 'utf-16le' });
    expect((await list(token)).body.announcements[0]).toMatchObject({
      company_name: 'Zürich Robotics',
      currency: 'CHF',
      stage: 'Series B',
    });
  });

  it('reads Excel\'s "Unicode Text" export: UTF-16 LE with a BOM, TAB-separated', async () => {
    const token = await newOrg();
    const day = daysAgo(1).slice(0, 10);
    const text = [
      'Organization Name\tFunding Type\tMoney Raised\tMoney Raised Currency\tAnnounced Date\tInvestor Names',
      `Crème Robotics, SAS\tSeries A\t€8,000,000\t\t${day}\tPartech, Elaia`,
      `Łódź Health\tSeed\t2500000\tPLN\t${day}\t`,
    ].join('\r\n');
    const response = await importCsv(
      token,
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${text}\r\n`, 'utf16le')]),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      rows: 2,
      created: 2,
      skipped: 0,
      encoding: 'utf-16le',
      columns: { company: 'Organization Name', amount: 'Money Raised', investors: 'Investor Names' },
      problems: [],
    });
    const byName = Object.fromEntries((await list(token)).body.announcements.map((a) => [a.company_name, a]));
    expect(byName['Crème Robotics, SAS']).toMatchObject({
      amount_raised: 8_000_000,
      currency: 'EUR',
      stage: 'Series A',
      extraction_metadata: { investors: ['Partech', 'Elaia'] },
    });
    expect(byName['Łódź Health']).toMatchObject({ amount_raised: 2_500_000, currency: 'PLN', stage: 'Seed' });
  });

  it('keeps the rows around a line whose quote never closes, and names the skipped lines', async () => {
    const token = await newOrg();
    const day = daysAgo(1).slice(0, 10);
    const csv = [
      'Company,Round,Amount,Currency,Date',
      `Before Ltd,Seed,1000000,EUR,${day}`,
      `"Broken, Inc,Seed,2000000,EUR,${day}`,
      `After GmbH,Series A,3000000,EUR,${day}`,
      `"Also Broken,Seed,4000000,EUR,${day}`,
      `Last Oy,Seed,5000000,EUR,${day}`,
    ].join('\n');
    const response = await importCsv(token, csv);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ rows: 5, created: 3, merged: 0, skipped: 2 });
    expect(response.body.problems).toEqual([
      { line: 3, field: null, message: 'a quote opened on line 3 never closes: line skipped' },
      { line: 5, field: null, message: 'a quote opened on line 5 never closes: line skipped' },
    ]);
    const names = (await list(token)).body.announcements.map((a) => a.company_name).sort();
    expect(names).toEqual(['After GmbH', 'Before Ltd', 'Last Oy']);
  });

  it('refuses what is not CSV and a file without a company column, writing nothing', async () => {
    const token = await newOrg();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const binary = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 37) % 256));
    const cases: [Buffer | string, number, string][] = [
      [png, 415, 'NOT_CSV'],
      [Buffer.from('%PDF-1.7\n...'), 415, 'NOT_CSV'],
      [binary, 415, 'NOT_CSV'],
      ['', 400, 'EMPTY_FILE'],
      ['Amount,Currency\n100,EUR\n', 422, 'MISSING_COLUMN'],
      ['Company,Amount\nAcme,5\n', 422, 'MISSING_DATE_COLUMN'],
      ['Company,Date\nAcme,2024-01-01\n', 422, 'MISSING_AMOUNT_COLUMN'],
      ['Company,Amount,Date\n', 422, 'NO_ROWS'],
      ['Company,Amount,Date\n"Unclosed,5\n', 422, 'INVALID_CSV'],
      ['"Company,Amount\nAcme,5\n', 422, 'INVALID_CSV'],
      [`Company,Amount,Date\n${'"Unclosed,5\n'.repeat(21)}Acme,5\n`, 422, 'INVALID_CSV'],
      [`Company,Amount\n${'Acme,1000000\n'.repeat(500_000)}`, 413, 'FILE_TOO_LARGE'],
    ];
    for (const [file, status, code] of cases) {
      const response = await importCsv(token, file);
      expect(response.status, code).toBe(status);
      expect(response.body.code).toBe(code);
      expect(response.body.detail).toBeTruthy();
    }
    expect((await list(token)).body.pagination.total_count).toBe(0);
  });
});
