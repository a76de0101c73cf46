import type { TFacilityTerms } from '@atempo/contracts';
import { FACILITY_TERM_NAMES } from '@atempo/contracts';
import { SourceExcerpt } from './source-excerpt.tsx';

const TERM_LABELS: Record<(typeof FACILITY_TERM_NAMES)[number], string> = {
  facility_amount: 'Facility amount',
  interest_rate: 'Interest rate',
  margin_over_base: 'Margin over base rate',
  maturity_months: 'Maturity',
  interest_only_months: 'Interest-only period',
  amortisation: 'Amortisation',
  warrant_coverage: 'Warrant coverage',
  arrangement_fee: 'Arrangement fee',
  final_fee: 'Final fee',
};

/** The facility terms a term sheet or loan agreement states, as written, each with its source. */
export function FacilityTermsList({ terms }: { terms: TFacilityTerms }) {
  const found = FACILITY_TERM_NAMES.filter((name) => terms.terms[name]);
  if (found.length === 0 && terms.covenants.length === 0) {
    return <p className="text-sm text-slate-500">No facility terms found.</p>;
  }
  return (
    <div className="space-y-3">
      {found.length > 0 && (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {found.map((name) => {
            const term = terms.terms[name];
            if (!term) return null;
            return (
              <div key={name} className="min-w-0">
                <dt className="text-xs text-slate-500">{TERM_LABELS[name]}</dt>
                <dd className="text-sm text-slate-900">{term.text}</dd>
                <dd>
                  <SourceExcerpt source={term.source} />
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {terms.covenants.length > 0 && (
        <div>
          <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Covenants</h4>
          <ul className="space-y-2">
            {terms.covenants.map((covenant) => (
              <li key={covenant.text} className="text-sm text-slate-700">
                {covenant.text}
                {covenant.source && <SourceExcerpt source={covenant.source} />}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
