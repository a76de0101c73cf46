import type { TFundingImportPreview } from '@atempo/contracts';

const number = new Intl.NumberFormat('en-GB');
const plural = (n: number, word: string) => `${number.format(n)} ${word}${n === 1 ? '' : 's'}`;
const PROBLEMS_SHOWN = 20;

/** The fields a column can be read as, as the cards name them. */
const FIELD_LABELS: Record<string, string> = {
  company: 'Company',
  round_type: 'Round type',
  round_code: 'Series (round code)',
  amount: 'Amount',
  amount_usd: 'Amount (USD)',
  amount_usd_millions: 'Amount (USD millions)',
  amount_eur_millions: 'Amount (EUR millions)',
  currency: 'Currency',
  date: 'Date',
  investors: 'Investors',
  lead_investors: 'Lead investors',
  country: 'Country',
  sector: 'Sector',
  url: 'Link',
};

/** The amount as the file gave it, with its currency when known. */
const amountText = (amount: number | null, currency: string | null) =>
  amount === null ? 'not in the file' : `${currency ?? ''} ${number.format(amount)}`.trim();

/**
 * What a rounds import would do: the counts, what each column became, the first rows as they
 * would be stored and the rows refused with why.
 */
export function ImportRoundsPreview({ preview }: { preview: TFundingImportPreview }) {
  const problems = preview.problems.slice(0, PROBLEMS_SHOWN);
  return (
    <div className="space-y-5 text-sm">
      <ul aria-label="Import counts" className="flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
        <li>{plural(preview.rows, 'row')}</li>
        <li>{plural(preview.rounds, 'round')} to keep</li>
        <li>{plural(preview.duplicates_in_file, 'duplicate')} within the file</li>
        <li>{plural(preview.refused, 'row')} refused</li>
        <li>{plural(preview.amount_unknown, 'round')} without an amount</li>
        <li>read as {preview.encoding}</li>
      </ul>

      <section aria-labelledby="rounds-columns" className="space-y-2">
        <h3 id="rounds-columns" className="font-medium text-slate-900">
          Columns
        </h3>
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full text-left">
            <thead className="bg-slate-50 text-xs text-slate-500">
              <tr>
                <th className="px-3 py-2 font-medium">Column in the file</th>
                <th className="px-3 py-2 font-medium">Read as</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {preview.headers.map((header) => (
                <tr key={header.column}>
                  <td className="px-3 py-2 text-slate-800">{header.header || `(column ${header.column})`}</td>
                  <td className={header.field ? 'px-3 py-2 text-slate-800' : 'px-3 py-2 text-slate-500'}>
                    {header.field ? (FIELD_LABELS[header.field] ?? header.field) : header.note}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {preview.sample.length > 0 && (
        <section aria-labelledby="rounds-sample" className="space-y-2">
          <h3 id="rounds-sample" className="font-medium text-slate-900">
            First rows as they will be stored
          </h3>
          <div className="overflow-x-auto rounded-lg border border-slate-200">
            <table className="min-w-full text-left">
              <thead className="bg-slate-50 text-xs text-slate-500">
                <tr>
                  <th className="px-3 py-2 font-medium">Line</th>
                  <th className="px-3 py-2 font-medium">Company</th>
                  <th className="px-3 py-2 font-medium">Date</th>
                  <th className="px-3 py-2 font-medium">Stage</th>
                  <th className="px-3 py-2 font-medium">Amount</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {preview.sample.map((row) => (
                  <tr key={row.line}>
                    <td className="px-3 py-2 text-slate-500">{row.line}</td>
                    <td className="px-3 py-2 text-slate-800">{row.company_name}</td>
                    <td className="whitespace-nowrap px-3 py-2">{row.announced_at.slice(0, 10)}</td>
                    <td className="px-3 py-2">
                      {row.stage ?? 'no stage'}
                      {row.round_type && row.round_type !== row.stage ? (
                        <span className="text-slate-500"> ({row.round_type})</span>
                      ) : null}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">
                      {amountText(row.amount_raised, row.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      {problems.length > 0 && (
        <section aria-labelledby="rounds-problems" className="space-y-2">
          <h3 id="rounds-problems" className="font-medium text-slate-900">
            Notes by line
          </h3>
          <ul className="space-y-1 text-slate-700">
            {problems.map((problem) => (
              <li key={`${problem.line}-${problem.field}-${problem.message}`}>
                line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
          {preview.problems.length > PROBLEMS_SHOWN && (
            <p className="text-slate-500">
              … and {number.format(preview.problems.length - PROBLEMS_SHOWN)} more
            </p>
          )}
        </section>
      )}
    </div>
  );
}
