import { Landmark } from 'lucide-react';
import { Badge } from '../../../../components/ui/badge.tsx';
import { EmptyTab } from './facts.tsx';

export function InvestorsTab({ investors, hasTier1Vc }: { investors: string[]; hasTier1Vc: boolean }) {
  if (investors.length === 0) {
    return (
      <EmptyTab
        icon={Landmark}
        title="No investors recorded"
        text="Investors named in funding news and imports appear here."
      />
    );
  }
  return (
    <div className="space-y-3">
      {hasTier1Vc && <Badge tone="accent">Backed by a tier 1 VC</Badge>}
      <ul aria-label="Investors" className="grid gap-2 sm:grid-cols-2">
        {investors.map((investor) => (
          <li
            key={investor}
            className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5"
          >
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-100">
              <Landmark aria-hidden="true" className="size-4 text-slate-500" />
            </span>
            <span className="truncate text-sm font-medium text-slate-800">{investor}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
