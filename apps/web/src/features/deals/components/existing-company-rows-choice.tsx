import type { TImportExistingCompanyRows, TImportResult } from '@atempo/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';

const rows = (count: number) => `${count} ${count === 1 ? 'row names a company' : 'rows name companies'}`;

/**
 * The deal preview's own findings: rows without a deal number whose company already has deals
 * (with the choice of adding new deals or updating each company's latest open deal), and rows
 * whose deal number names a deal under another company name (a rename or a move, applied on
 * import). Shown only when the file has such rows.
 */
export function ExistingCompanyRowsChoice({
  result,
  value,
  onChange,
  disabled,
}: {
  result: TImportResult;
  value: TImportExistingCompanyRows;
  onChange: (value: TImportExistingCompanyRows) => void;
  disabled?: boolean;
}) {
  const naming = result.rows_naming_existing_companies ?? 0;
  const renames = result.company_renames ?? 0;
  const moves = result.company_moves ?? 0;
  if (naming === 0 && renames === 0 && moves === 0) return null;
  return (
    <div className="space-y-3">
      {naming > 0 && (
        <div className="space-y-2 rounded-lg border border-slate-200 p-3">
          <p className="text-sm text-slate-700">
            {rows(naming)} that already {naming === 1 ? 'has' : 'have'} deals and no deal number.
          </p>
          <RadioGroup
            legend="Rows without a deal number for a company with deals"
            value={value}
            onChange={onChange}
            disabled={disabled}
            options={[
              {
                value: 'new_deal',
                label: 'Add as new deals',
                description: 'Each row becomes a deal of its own',
              },
              {
                value: 'update_latest_open',
                label: 'Update the latest open deal',
                description:
                  'The company’s first row updates its newest open deal; further rows are new deals',
              },
            ]}
          />
        </div>
      )}
      {(renames > 0 || moves > 0) && (
        <Alert tone="info">
          {[
            renames > 0 &&
              `${renames} ${renames === 1 ? 'row renames' : 'rows rename'} the company of its deal`,
            moves > 0 &&
              `${moves} ${moves === 1 ? 'row moves its deal' : 'rows move their deals'} to another company`,
          ]
            .filter(Boolean)
            .join('; ')}
          . The rows say which; nothing changes until you import.
        </Alert>
      )}
    </div>
  );
}
