import { DEFAULT_THESIS } from '@atempo/contracts';
import { compileThesis } from '@atempo/scoring';
import { companyFacts } from '../apps/server/src/modules/companies/company-columns.ts';
import { scoreCompanyColumns } from '../apps/server/src/modules/scoring/company-scores.ts';
import { fakeCompany, rng } from './common.ts';
const random = rng(1);
const rows = Array.from({ length: 20000 }, (_, i) => ({ ...fakeCompany('org', i, random), createdAt: new Date() }));
for (const [label, thesis] of [['plain', DEFAULT_THESIS], ['compiled', compileThesis(DEFAULT_THESIS)], ['plain', DEFAULT_THESIS], ['compiled', compileThesis(DEFAULT_THESIS)]] as const) {
  const t = process.hrtime.bigint();
  const now = new Date();
  let bytes = 0;
  for (const row of rows) { const s = scoreCompanyColumns(companyFacts(row as never), thesis, now); bytes += 1; }
  console.log(label, Number(process.hrtime.bigint() - t) / 1e6, 'ms');
}
const t = process.hrtime.bigint();
const now = new Date();
const c = compileThesis(DEFAULT_THESIS);
let len = 0;
for (const row of rows) len += JSON.stringify(scoreCompanyColumns(companyFacts(row as never), c, now)).length;
console.log('stringify', Number(process.hrtime.bigint() - t) / 1e6, 'ms', len / rows.length, 'bytes/row');
