import type { TInvestmentThesis } from '@atempo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useAuth } from '../../auth/index.ts';
import { saveThesis, thesisKey, thesisQuery } from '../api/thesis-api.ts';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard.ts';
import { thesisErrorText } from '../lib/field-labels.ts';
import { inDisplayOrder, sameThesis } from '../lib/thesis-draft.ts';
import { DealParametersSection } from './deal-parameters-section.tsx';
import { FinancialRequirementsSection } from './financial-requirements-section.tsx';
import { LeaveUnsavedDialog } from './leave-unsaved-dialog.tsx';
import { MarketsSection } from './markets-section.tsx';
import { RiskParametersSection } from './risk-parameters-section.tsx';
import type { ThesisUpdate } from './section-props.ts';
import { SectorsSection } from './sectors-section.tsx';
import { StagesTypesSection } from './stages-types-section.tsx';

export const SAVED_MESSAGE = 'Configuration saved successfully!';
export const SAVE_FAILED_MESSAGE = 'Failed to save configuration';
export const LOAD_FAILED_MESSAGE = 'Failed to load configuration';

/** Saved scores follow the thesis: these caches are refreshed after a save. */
const RESCORED_KEYS = [['companies'], ['deals'], ['company-scoring']] as const;

export function ThesisSettingsPage() {
  const thesis = useQuery(thesisQuery());
  if (thesis.isPending) {
    return (
      <Frame>
        <p role="status" className="py-12 text-center text-sm text-slate-500">
          Loading...
        </p>
      </Frame>
    );
  }
  if (thesis.isError) {
    return (
      <Frame>
        <Alert>
          <p>{LOAD_FAILED_MESSAGE}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void thesis.refetch()}>
            Try again
          </Button>
        </Alert>
      </Frame>
    );
  }
  return <ThesisForm saved={thesis.data} />;
}

/** The page frame; the heading, the Save button and the save message stay in view while scrolling. */
function Frame({
  actions,
  banner,
  children,
}: {
  actions?: ReactNode;
  banner?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="max-w-4xl">
      <div className="sticky top-16 z-20 -mx-4 mb-6 bg-slate-50/95 px-4 pt-1 pb-4 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
        <div className="flex items-end justify-between gap-4">
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
              Investment Thesis Settings
            </h1>
            <p className="mt-1 text-sm text-slate-500">
              What your team invests in. Saving re-scores every deal and company against the new thesis in the
              background; scores update over the next minutes.
            </p>
          </div>
          {actions && <div className="shrink-0">{actions}</div>}
        </div>
        {banner && <div className="mt-3">{banner}</div>}
      </div>
      {children}
    </div>
  );
}

type Status = { tone: 'success'; text: string } | { tone: 'error'; text: string; detail: string } | null;

function ThesisForm({ saved }: { saved: TInvestmentThesis }) {
  const queryClient = useQueryClient();
  const { isAdmin } = useAuth();
  const [draft, setDraft] = useState(() => inDisplayOrder(saved));
  const [status, setStatus] = useState<Status>(null);
  const dirty = !sameThesis(draft, saved);

  const update: ThesisUpdate = (change) => {
    setDraft((current) => change(current));
    setStatus(null);
  };

  const save = useMutation({
    mutationFn: () => saveThesis(draft),
    onSuccess: async (response) => {
      queryClient.setQueryData(thesisKey, response.data);
      setDraft(inDisplayOrder(response.data));
      setStatus({ tone: 'success', text: SAVED_MESSAGE });
      await Promise.all(RESCORED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) =>
      setStatus({
        tone: 'error',
        text: SAVE_FAILED_MESSAGE,
        // The server's sentence names the field at fault (422) or the missing right (403).
        detail: error instanceof ApiError ? thesisErrorText(error.detail, draft) : '',
      }),
  });

  // A save under way finishes even if the page is left, so only edits not yet sent are guarded.
  const blocker = useUnsavedChangesGuard(dirty && !save.isPending);

  // Members review the thesis; the server refuses their writes (403), so they get no Save button.
  const actions = isAdmin ? (
    <div className="flex items-center gap-3">
      {dirty && !save.isPending && <span className="text-sm text-amber-700">Unsaved changes</span>}
      <Button busy={save.isPending} disabled={!dirty} onClick={() => save.mutate()}>
        {!save.isPending && <Save aria-hidden="true" className="size-4" />}
        {save.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </div>
  ) : undefined;

  const banner =
    status?.tone === 'success' ? (
      <Alert tone="success">{status.text}</Alert>
    ) : status?.tone === 'error' ? (
      <Alert>
        <p className="font-medium">{status.text}</p>
        {status.detail && <p className="mt-0.5">{status.detail}</p>}
      </Alert>
    ) : null;

  return (
    <Frame actions={actions} banner={banner}>
      {!isAdmin && (
        <Alert tone="info" className="mb-6">
          Only an admin of your organisation can change the thesis. You can review it here.
        </Alert>
      )}
      {/* A disabled fieldset makes every field, checkbox and add/remove button read-only at once. */}
      <fieldset disabled={!isAdmin} className="min-w-0 space-y-6">
        <legend className="sr-only">{isAdmin ? 'Investment thesis' : 'Investment thesis (read-only)'}</legend>
        <DealParametersSection thesis={draft} update={update} />
        <MarketsSection thesis={draft} update={update} />
        <StagesTypesSection thesis={draft} update={update} />
        <SectorsSection thesis={draft} update={update} />
        <FinancialRequirementsSection thesis={draft} update={update} />
        <RiskParametersSection thesis={draft} update={update} />
      </fieldset>
      <LeaveUnsavedDialog blocker={blocker} />
    </Frame>
  );
}
