import type { TAuthResponse } from '@atempo/contracts';
import { MAX_IMPORT_ROWS } from '@atempo/contracts';
import { companies, deals } from '@atempo/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { uploadCsv } from '../../test/upload-csv.ts';
import { mapColumns, parseFraction, parseNumber, rowToInput } from './column-mapping.ts';
import { CsvSyntaxError, MAX_BROKEN_RECORDS, parseCsv } from './csv-parse.ts';
import { csvCell, toCsv } from './csv-write.ts';

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, embedded newlines, CRLF and a BOM', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","line1\nline2"\r\n1,,3\r\n\r\n';
    const { records, delimiter } = parseCsv(text);
    expect(delimiter).toBe(',');
    expect(records.map((record) => record.cells)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'line1\nline2'],
      ['1', '', '3'],
    ]);
    expect(records.map((record) => record.line)).toEqual([1, 2, 4]);
  });

  it('detects semicolons, and reads a last line without a newline', () => {
    const { records, delimiter } = parseCsv('Name;Revenue\n"A;B";"1,5"\nC;2');
    expect(delimiter).toBe(';');
    expect(records.map((record) => record.cells)).toEqual([
      ['Name', 'Revenue'],
      ['A;B', '1,5'],
      ['C', '2'],
    ]);
  });

  it('detects TAB (Excel "Unicode Text") and pipes, commas winning a tie', () => {
    expect(parseCsv('Company\tAmount\tNote, if any\nAcme, Inc\t5\t\n')).toMatchObject({
      delimiter: '\t',
      records: [
        { line: 1, cells: ['Company', 'Amount', 'Note, if any'] },
        { line: 2, cells: ['Acme, Inc', '5', ''] },
      ],
    });
    expect(parseCsv('a\tb,c\n').delimiter).toBe(',');
    expect(parseCsv('Company|Amount\nAcme|5').delimiter).toBe('|');
    expect(parseCsv('"a|b",c\n').delimiter).toBe(',');
    expect(parseCsv('Company\n').delimiter).toBe(',');
  });

  it('counts a CRLF inside quotes as one line', () => {
    const { records } = parseCsv('a,b\r\n"x\r\ny",1\r\nz,2\r\n');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x\ny', '1'] },
      { line: 4, cells: ['z', '2'] },
    ]);
  });

  it('skips a line whose quote never closes and reads on after it, keeping stray quotes inside cells', () => {
    const { records, broken } = parseCsv('a,b\nAcme "Best" Ltd,1\n\n"Unclosed,2\nAfter,3\n"Again,4\nLast,5');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['Acme "Best" Ltd', '1'] },
      { line: 5, cells: ['After', '3'] },
      { line: 7, cells: ['Last', '5'] },
    ]);
    expect(broken.map((b) => b.line)).toEqual([4, 6]);
    expect(broken[0]!.message).toBe('a quote opened on line 4 never closes');
  });

  it('refuses a file whose header is unreadable or with too many unreadable lines', () => {
    expect(() => parseCsv('"a,b\nx,1\n')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('"a,b\nx,1\n')).toThrow('The header row (line 1) has a quote that never closes');
    const many = `a,b\n${'"open,1\n'.repeat(MAX_BROKEN_RECORDS + 1)}ok,2\n`;
    expect(() => parseCsv(many)).toThrow(
      `More than ${MAX_BROKEN_RECORDS} lines cannot be read (the first on line 2)`,
    );
    const enough = `a,b\n${'"open,1\n'.repeat(MAX_BROKEN_RECORDS)}ok,2\n`;
    expect(parseCsv(enough).records.at(-1)).toEqual({ line: MAX_BROKEN_RECORDS + 2, cells: ['ok', '2'] });
  });
});

describe('csv writing', () => {
  it('quotes what needs it and neutralises formulas but not numbers', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+33 1 23')).toBe("'+33 1 23");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-1.5e3')).toBe('-1.5e3');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
    expect(parseCsv(toCsv(['a'], [['=1+1, "q"']])).records[1]!.cells).toEqual(['\'=1+1, "q"']);
  });
});

describe('column mapping', () => {
  it('maps an Affinity-style deal export', () => {
    const headers = [
      'Organization Name',
      'Status',
      'Amount Requested',
      'Source',
      'Industries',
      'HQ',
      'Notes',
      'Owners',
      'ARR',
      'Gross Margin',
    ];
    const mapping = mapColumns(headers, 'deals');
    expect(mapping.columns).toEqual({
      'Organization Name': 'company_name',
      Status: 'stage',
      'Amount Requested': 'amount_requested',
      Source: 'source_type',
      Industries: 'sector',
      HQ: 'geography',
      Notes: 'description',
      ARR: 'financial_metrics.arr',
      'Gross Margin': 'financial_metrics.gross_margin',
    });
    expect(mapping.ignored).toEqual(['Owners']);
    const input = rowToInput(
      ['Acme', 'Due Diligence', '€5M', 'Referral', 'Fintech', 'Germany', 'n', 'Bob', '$2.5m', '65%'],
      mapping,
    );
    expect(input).toEqual({
      company_name: 'Acme',
      stage: 'due_diligence',
      amount_requested: 5e6,
      source_type: 'referral',
      sector: 'Fintech',
      geography: 'Germany',
      description: 'n',
      financial_metrics: { arr: 2.5e6, gross_margin: 0.65 },
    });
  });

  it('is case, space and underscore insensitive, for companies too', () => {
    const mapping = mapColumns(
      ['COMPANY_NAME', 'funding stage', 'Employee Count', 'Domain', 'Revenue Growth', 'Founded'],
      'companies',
    );
    expect(Object.values(mapping.columns)).toEqual([
      'name',
      'stage',
      'employee_count',
      'website',
      'revenue_growth',
      'founded_year',
    ]);
    expect(mapColumns(['Deal Stage', 'IC Review'], 'deals').columns).toEqual({ 'Deal Stage': 'stage' });
  });

  it('parses amounts and percentages', () => {
    expect(parseNumber('€5M')).toBe(5e6);
    expect(parseNumber('5,000,000')).toBe(5e6);
    expect(parseNumber('$2.5m')).toBe(2.5e6);
    expect(parseNumber('750k')).toBe(750e3);
    expect(parseNumber('1.2bn')).toBe(1.2e9);
    expect(parseNumber('1.234.567,5')).toBe(1234567.5);
    expect(parseNumber('EUR 3 000')).toBe(3000);
    expect(parseNumber('(1,000)')).toBe(-1000);
    expect(parseNumber('lots')).toBeUndefined();
    expect(parseFraction('45%')).toBe(0.45);
    expect(parseFraction('0.45')).toBe(0.45);
    expect(parseFraction('-12.5%')).toBe(-0.125);
  });
});

let server: TestServer;
let orgA: TAuthResponse;
let orgB: TAuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  orgA = await registerOrganization(server.app);
  orgB = await registerOrganization(server.app);
});
afterAll(async () => {
  await server?.close();
});

const upload = (path: string, token: string | undefined, csv: string | Buffer, field = 'file') =>
  uploadCsv(server.app, path, token, csv, field);

async function counts(org: TAuthResponse) {
  const db = server.database.db;
  const id = org.organization.id;
  return {
    deals: (await db.select().from(deals).where(eq(deals.organizationId, id))).length,
    companies: (await db.select().from(companies).where(eq(companies.organizationId, id))).length,
  };
}

const BAD_DEALS = [
  'Organization Name,Amount,Status,Source,Sector,Country',
  'Alpha GmbH,€5M,Due Diligence,Referral,Fintech,Germany',
  'Beta SAS,lots,Lead,,SaaS,France',
  '"Gamma, Ltd",750k,Term Sheet,Sequoia,Climate,UK',
].join('\r\n');

describe('deal import', () => {
  it('requires authentication', async () => {
    expect((await upload('/api/v1/deals/import', undefined, BAD_DEALS)).status).toBe(401);
    expect((await call(server.app, 'GET', '/api/v1/deals/export')).status).toBe(401);
    expect((await call(server.app, 'GET', '/api/v1/companies/export')).status).toBe(401);
  });

  it('previews on a dry run, showing the bad row, and writes nothing', async () => {
    const before = await counts(orgA);
    const response = await upload('/api/v1/deals/import?dry_run=true', orgA.access_token, BAD_DEALS);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({ dry_run: true, total_rows: 3, valid_rows: 2, invalid_rows: 1, imported: 0 });
    expect(body.columns).toMatchObject({ 'Organization Name': 'company_name', Amount: 'amount_requested' });
    const bad = body.rows.find((row) => row.errors.length > 0)!;
    expect(bad.row).toBe(3);
    expect(bad.errors[0]!.field).toBe('amount_requested');
    expect(bad.errors[0]!.message).toMatch(/amount_requested/);
    expect(body.rows[0]!.data).toMatchObject({
      company_name: 'Alpha GmbH',
      amount_requested: 5e6,
      stage: 'due_diligence',
    });
    // An unknown source becomes the source's name.
    expect(body.rows[2]!.data).toMatchObject({ source_name: 'Sequoia', stage: 'term_sheet' });
    expect(await counts(orgA)).toEqual(before);
  });

  it('answers 422 with the result and writes nothing when a row is invalid', async () => {
    const before = await counts(orgA);
    const response = await upload('/api/v1/deals/import', orgA.access_token, BAD_DEALS);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      dry_run: false,
      invalid_rows: 1,
      imported: 0,
      code: 'INVALID_ROWS',
    });
    expect(response.body.detail).toMatch(/nothing was imported/);
    expect(await counts(orgA)).toEqual(before);
  });

  it('imports every row of the fixed file at once', async () => {
    const fixed = BAD_DEALS.replace('lots', '"2,500,000"');
    const response = await upload('/api/v1/deals/import', orgA.access_token, fixed);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ dry_run: false, total_rows: 3, valid_rows: 3, imported: 3 });
    expect(await counts(orgA)).toEqual({ deals: 3, companies: 3 });
  });

  it('exports the organisation’s deals as CSV, and only theirs', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/deals/export',
      headers: { authorization: `Bearer ${orgA.access_token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="deals-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const { records } = parseCsv(response.body);
    expect(records[0]!.cells).toEqual([
      'deal_number',
      'company',
      'amount_requested',
      'stage',
      'source_type',
      'source_name',
      'sector',
      'geography',
      'deal_type',
      'thematic_score',
      'thematic_recommendation',
      'red_flag_level',
      'red_flag_score',
      'description',
      'created_at',
      'last_interaction',
    ]);
    expect(records.slice(1).map((record) => record.cells.slice(0, 4))).toEqual([
      ['1', 'Alpha GmbH', '5000000', 'due_diligence'],
      ['2', 'Beta SAS', '2500000', 'lead'],
      ['3', 'Gamma, Ltd', '750000', 'term_sheet'],
    ]);

    const other = await server.app.inject({
      method: 'GET',
      url: '/api/v1/deals/export',
      headers: { authorization: `Bearer ${orgB.access_token}` },
    });
    expect(other.statusCode).toBe(200);
    expect(parseCsv(other.body).records).toHaveLength(1);
  });

  it('re-imports its own export cleanly (round trip)', async () => {
    const exported = await server.app.inject({
      method: 'GET',
      url: '/api/v1/deals/export',
      headers: { authorization: `Bearer ${orgA.access_token}` },
    });
    const response = await upload('/api/v1/deals/import', orgB.access_token, exported.body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // Organisation B has no deals: A's deal numbers name nothing there, every row is new.
    expect(response.body).toMatchObject({ imported: 3, new_rows: 3, updated_rows: 0 });
    expect(response.body.columns).toMatchObject({ deal_number: 'deal_number' });
    const again = await server.app.inject({
      method: 'GET',
      url: '/api/v1/deals/export',
      headers: { authorization: `Bearer ${orgB.access_token}` },
    });
    const cols = (body: string) =>
      parseCsv(body)
        .records.slice(1)
        .map((record) => [
          record.cells[1],
          record.cells[2],
          record.cells[3],
          record.cells[5],
          record.cells[6],
        ]);
    expect(cols(again.body)).toEqual(cols(exported.body));
  });
});

describe('company import and export', () => {
  const CSV = [
    'Name;Industry;Headquarters;Funding Stage;Revenue;Revenue Growth;Headcount;Website;Founded',
    'Delta AI;AI;Germany;Series A;€1.2M;45%;40;delta.ai;2019',
    'Epsilon;Health;France;Seed;300k;0.8;12;;2021',
    'delta ai;AI;Germany;Series A;;;;;',
  ].join('\n');

  it('flags names duplicated in the file on a dry run', async () => {
    const response = await upload('/api/v1/companies/import?dry_run=true', orgA.access_token, CSV);
    expect(response.status).toBe(200);
    expect(response.body.invalid_rows).toBe(1);
    expect(response.body.rows[2]!.errors).toEqual([
      { field: 'name', message: expect.stringMatching(/row 2/) },
    ]);
    expect(response.body.rows[0]!.data).toMatchObject({
      revenue: 1.2e6,
      revenue_growth: 0.45,
      employee_count: 40,
      founded_year: 2019,
    });
  });

  it('imports, then matches names the organisation already has instead of duplicating them', async () => {
    const fixed = CSV.split('\n').slice(0, 3).join('\n');
    const ok = await upload('/api/v1/companies/import', orgA.access_token, fixed);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.imported).toBe(2);
    const before = await counts(orgA);
    const again = await upload('/api/v1/companies/import', orgA.access_token, fixed);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ imported: 0, new_rows: 0, skipped_rows: 2, on_existing: 'skip' });
    expect(await counts(orgA)).toEqual(before);
  });

  it('exports companies with their headers and round-trips into another organisation', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/companies/export',
      headers: { authorization: `Bearer ${orgA.access_token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="companies-\d{4}-\d{2}-\d{2}\.csv"/);
    const { records } = parseCsv(response.body);
    expect(records[0]!.cells.slice(0, 4)).toEqual(['name', 'industry', 'headquarters_country', 'stage']);
    expect(records.slice(1).map((record) => record.cells[0])).toEqual([
      'Alpha GmbH',
      'Beta SAS',
      'Delta AI',
      'Epsilon',
      'Gamma, Ltd',
    ]);
    const fresh = await registerOrganization(server.app);
    const imported = await upload('/api/v1/companies/import', fresh.access_token, response.body);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.imported).toBe(5);
    const delta = imported.body.rows.find((row) => row.data.name === 'Delta AI')!;
    expect(delta.data).toMatchObject({
      revenue: 1.2e6,
      revenue_growth: 0.45,
      employee_count: 40,
      website: 'delta.ai',
    });
  });
});

describe('files that cannot be imported', () => {
  it('explains a missing file, an empty file, a missing column, binary data, an unclosed quote and too many rows', async () => {
    const token = orgA.access_token;
    const noFile = await upload('/api/v1/deals/import', token, 'x', 'other');
    expect([noFile.status, noFile.body.code]).toEqual([400, 'FILE_REQUIRED']);
    const empty = await upload('/api/v1/deals/import', token, '');
    expect([empty.status, empty.body.code]).toEqual([400, 'EMPTY_FILE']);
    const headerOnly = await upload('/api/v1/deals/import', token, 'Company,Amount\r\n');
    expect([headerOnly.status, headerOnly.body.code]).toEqual([422, 'NO_ROWS']);
    const noColumn = await upload('/api/v1/deals/import', token, 'Foo,Amount\nx,1');
    expect([noColumn.status, noColumn.body.code]).toEqual([422, 'MISSING_COLUMN']);
    expect(noColumn.body.detail).toMatch(/company_name/);
    const binary = await upload(
      '/api/v1/deals/import',
      token,
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]),
    );
    expect([binary.status, binary.body.code]).toEqual([415, 'NOT_CSV']);
    const unclosed = await upload('/api/v1/deals/import', token, 'Company,Amount\nA,1\n"Unclosed,2\nB,3\n');
    expect([unclosed.status, unclosed.body.code]).toEqual([422, 'INVALID_CSV']);
    expect(unclosed.body.detail).toBe('The CSV is malformed: a quote opened on line 3 never closes');
    const many = `Company,Amount\n${'A,1\n'.repeat(MAX_IMPORT_ROWS + 1)}`;
    const tooMany = await upload('/api/v1/deals/import', token, many);
    expect([tooMany.status, tooMany.body.code]).toEqual([422, 'TOO_MANY_ROWS']);
    const json = await call(server.app, 'POST', '/api/v1/deals/import', { token, body: {} });
    expect(json.status).toBe(400);
    expect(await counts(orgA)).toEqual({ deals: 3, companies: 5 });
  });

  it('answers 413 for a file over the limit', async () => {
    const big = `Company,Amount\n${'x'.repeat(5 * 1024 * 1024 + 10)}`;
    const response = await upload('/api/v1/deals/import', orgA.access_token, big);
    expect([response.status, response.body.code]).toEqual([413, 'FILE_TOO_LARGE']);
  });
});
