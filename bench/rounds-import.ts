/**
 * The corpus's real rounds export (rounds/indian_startup_funding_2015-2020.csv: Windows-1252, CRLF,
 * Indian digit grouping, N/A amounts, malformed dates) through the real HTTP routes: the mapping
 * preview, then the import, then the same file again. Prints what each column became and the counts
 * (rows, rounds kept, merged, refused and why), and the time each call took. Not a test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TFundingImportPreview, TFundingImportResult } from '@atempo/contracts';
import type { FastifyInstance } from 'fastify';
import { createBenchDatabase, registerOrganization, startApp } from './common.ts';

const FILE = path.resolve(
  import.meta.dirname,
  '../../shared/corpus/rounds/indian_startup_funding_2015-2020.csv',
);
const BOUNDARY = '----atempo-bench-boundary';

async function upload<T>(app: FastifyInstance, url: string, token: string, content: Buffer) {
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="rounds.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      authorization: `Bearer ${token}`,
    },
    payload,
  });
  return {
    status: response.statusCode,
    body: response.json() as T,
    ms: Math.round(performance.now() - started),
  };
}

/** Problems grouped by field and the message with quoted cell values left out. */
function reasons(problems: TFundingImportResult['problems']): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of problems) {
    const key = `${p.field ?? 'line'}: ${p.message.replace(/"[^"]*"/g, '…')}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const database = await createBenchDatabase();
const app = await startApp(database);
try {
  const { token } = await registerOrganization(app);
  const file = readFileSync(FILE);
  const preview = await upload<TFundingImportPreview>(
    app,
    '/api/v1/intelligence/funding-announcements/import/preview',
    token,
    file,
  );
  const first = await upload<TFundingImportResult>(
    app,
    '/api/v1/intelligence/funding-announcements/import',
    token,
    file,
  );
  const again = await upload<TFundingImportResult>(
    app,
    '/api/v1/intelligence/funding-announcements/import',
    token,
    file,
  );
  const p = preview.body;
  const r = first.body;
  const summary = {
    file: path.basename(FILE),
    preview: {
      status: preview.status,
      ms: preview.ms,
      encoding: p.encoding,
      columns: p.headers.map((h) => `${h.header} → ${h.field ?? h.note}`),
      rows: p.rows,
      rounds: p.rounds,
      duplicates_in_file: p.duplicates_in_file,
      refused: p.refused,
      amount_unknown: p.amount_unknown,
    },
    import: {
      status: first.status,
      ms: first.ms,
      rows: r.rows,
      created: r.created,
      merged: r.merged,
      refused: r.skipped,
      amount_unknown: r.amount_unknown,
      announcements: r.announcement_ids.length,
      problems: reasons(r.problems),
    },
    reimport: {
      status: again.status,
      ms: again.ms,
      created: again.body.created,
      merged: again.body.merged,
      refused: again.body.skipped,
    },
  };
  console.log(JSON.stringify(summary, null, 2));
  console.log(
    `rounds import: ${r.rows} rows → ${r.created} rounds kept, ${r.merged} merged as duplicates, ${r.skipped} refused (${r.amount_unknown} kept without an amount) in ${first.ms} ms; re-import created ${again.body.created}`,
  );
} finally {
  await app.close();
  await database.drop();
}
