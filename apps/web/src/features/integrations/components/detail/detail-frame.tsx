import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../../components/ui/button.tsx';
import { integrationIcon } from '../../lib/integration-icons.ts';

/** A detail view's frame: 'Back to Integrations', the integration's name and what it does. */
export function DetailFrame({ entry, children }: { entry: TIntegrationCatalogueEntry; children: ReactNode }) {
  const Icon = integrationIcon(entry.icon);
  return (
    <div className="space-y-6">
      <Link to="/integrations" className={buttonClasses('ghost', 'sm', '-ml-3')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Integrations
      </Link>
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 className="text-xl font-semibold tracking-tight text-slate-900">{entry.name}</h2>
          <p className="mt-0.5 text-sm text-slate-500">{entry.description}</p>
        </div>
      </div>
      {children}
    </div>
  );
}
