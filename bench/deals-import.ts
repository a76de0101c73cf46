/**
 * Deal CSV import at pipeline size: BENCH_DEALS deals over BENCH_COMPANIES companies (default
 * 10,000 over 2,000), every company already having one open deal, rows without deal numbers.
 *
 * The real app (buildApp on a PostgreSQL bench database, listening on a loopback port), over real
 * HTTP (fetch, multipart FormData as the web client sends it): the preview (dry_run=true), then
 * the import (the default: every row a new deal), then the same file with
 * existing_company_rows=update_latest_open previewed. Reference in the same run: the same deal
 * rows written by one plain multi-row INSERT per 1,000 rows into a second organisation (companies
 * inserted beforehand, no scoring, no activity log, no matching), the floor any import stands on.
 *
 *   npx tsx bench/deals-import.ts
 *   BENCH_DEALS=2000 BENCH_COMPANIES=400 npx tsx bench/deals-import.ts
 */

import type { AddressInfo } from 'node:net';
import { companies } from '@atempo/db';
import { toCsv } from '../apps/server/src/modules/csv/csv-write.ts';
import { createBenchDatabase, envInt, insertDeals, ms, registerOrganization, startApp } from './common.ts';

const DEALS = envInt('BENCH_DEALS', 10_000);
const COMPANIES = envInt('BENCH_COMPANIES', 2_000);

const companyName = (index: number) => `Pipeline Company ${String(index).padStart(5, '0')}`;
const STAGES = ['lead', 'qualified', 'due_diligence', 'term_sheet'];
const SECTORS = ['Fintech', 'SaaS', 'Climate', 'Health', 'Logistics'];

function pipelineRows(): string[][] {
  return Array.from({ length: DEALS }, (_, index) => [
    companyName(index % COMPANIES),
    String(500_000 + ((index * 7919) % 40_000) * 1000),
    STAGES[index % STAGES.length]!,
    SECTORS[index % SECTORS.length]!,
    'Germany',
  ]);
}
const HEADER = ['company', 'amount_requested', 'stage', 'sector', 'geography'];

async function main() {
  const database = await createBenchDatabase();
  const app = await startApp(database);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
    const org = await registerOrganization(app);
    const post = async (query: string, csv: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'pipeline.csv');
      const start = process.hrtime.bigint();
      const response = await fetch(`${base}/deals/import?${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${org.token}` },
        body: form,
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (response.status !== 200)
        throw new Error(`${query}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
      return { ms: Math.round(ms(start)), body };
    };

    // Every company already has one open deal.
    const existing = Array.from({ length: COMPANIES }, (_, index) => [
      companyName(index),
      '1000000',
      'lead',
      'SaaS',
      'Germany',
    ]);
    const seeded = await post('on_existing=update', toCsv(HEADER, existing));

    const csv = toCsv(HEADER, pipelineRows());
    const preview = await post('dry_run=true&on_existing=update', csv);
    const imported = await post('on_existing=update', csv);
    const latestOpen = await post(
      'dry_run=true&on_existing=update&existing_company_rows=update_latest_open',
      csv,
    );

    // Reference: the same deals by plain multi-row INSERTs into another organisation.
    const other = await registerOrganization(app);
    const db = database.handle.db;
    const inserted = await db
      .insert(companies)
      .values(
        Array.from({ length: COMPANIES }, (_, index) => ({
          organizationId: other.organizationId,
          name: companyName(index),
        })),
      )
      .returning({ id: companies.id });
    const rows = pipelineRows();
    const referenceStart = process.hrtime.bigint();
    await insertDeals(
      database.handle,
      rows.map((row, index) => ({
        organizationId: other.organizationId,
        dealNumber: index + 1,
        companyId: inserted[index % COMPANIES]!.id,
        amountRequested: Number(row[1]),
        stage: row[2] as 'lead',
        sector: row[3],
        geography: row[4],
        createdBy: other.userId,
      })),
    );
    const referenceMs = Math.round(ms(referenceStart));

    const summary = {
      deals: DEALS,
      companies: COMPANIES,
      csv_bytes: Buffer.byteLength(csv),
      seed_ms: seeded.ms,
      preview_ms: preview.ms,
      preview_counts: {
        new_rows: preview.body.new_rows,
        rows_naming_existing_companies: preview.body.rows_naming_existing_companies,
      },
      import_ms: imported.ms,
      imported: imported.body.imported,
      update_latest_open_preview_ms: latestOpen.ms,
      update_latest_open_counts: {
        new_rows: latestOpen.body.new_rows,
        updated_rows: latestOpen.body.updated_rows,
      },
      reference_multi_row_insert_ms: referenceMs,
      import_over_reference: Math.round((imported.ms / Math.max(referenceMs, 1)) * 10) / 10,
    };
    console.log(JSON.stringify(summary, null, 2));
    console.log(
      `${DEALS} deals over ${COMPANIES} companies: preview ${preview.ms} ms, import ${imported.ms} ms over HTTP; plain multi-row INSERT of the same deals ${referenceMs} ms (${summary.import_over_reference}x)`,
    );
  } finally {
    await app.close();
    await database.drop();
  }
}

await main();
