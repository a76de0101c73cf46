import type { TOrganization } from '@atempo/contracts';
import { PLANS } from '@atempo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '../../../components/query-state.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { planLabel } from '../../../lib/names.ts';
import { planFacts } from '../../../lib/plans.ts';
import { EngineStatusCard } from '../../assistant/index.ts';
import { meQueryKey } from '../../auth/index.ts';
import {
  currentOrganizationQuery,
  joinLink,
  organizationKeys,
  updateOrganization,
} from '../api/organizations-api.ts';
import { AlertsCard } from './alerts-card.tsx';

function NameCard({ organization }: { organization: TOrganization }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(organization.name);
  const save = useMutation({
    mutationFn: updateOrganization,
    onSuccess: async (updated) => {
      queryClient.setQueryData(organizationKeys.current, updated);
      // The user menu shows the organisation name from /users/me.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      toast.success('Organisation name saved');
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ name: name.trim() });
  }

  return (
    <Card>
      <CardHeader title="Organisation details" description="The name everyone in your organisation sees." />
      <CardBody>
        <form onSubmit={submit} className="space-y-5" aria-label="Organisation details">
          {save.isError && <Alert>{errorMessage(save.error, 'Could not save the organisation name')}</Alert>}
          <TextField
            label="Organisation Name"
            name="name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <div className="flex justify-end">
            <Button type="submit" busy={save.isPending} disabled={name.trim() === organization.name}>
              {save.isPending ? 'Saving...' : 'Save changes'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

function CopyableValue({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <div className="mt-1.5 flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900">
          {value}
        </code>
        <CopyButton value={value} label={label} />
      </div>
    </div>
  );
}

function JoinCard({ organization }: { organization: TOrganization }) {
  return (
    <Card>
      <CardHeader
        title="Invite your team"
        description="Colleagues join with your organisation code once you have invited their email address."
      />
      <CardBody className="space-y-5">
        <CopyableValue label="Organisation Code" value={organization.slug} />
        <CopyableValue label="Join link" value={joinLink(window.location.origin, organization.slug)} />
        <p className="text-sm text-slate-500">
          Send invitations from <TextLink to="/organization/users">Manage Users</TextLink>.
        </p>
      </CardBody>
    </Card>
  );
}

function PlanCard({ organization }: { organization: TOrganization }) {
  const tier = organization.subscription_tier;
  return (
    <Card>
      <CardHeader title="Plan" actions={<Badge tone="accent">{planLabel(tier)}</Badge>} />
      <CardBody>
        <p className="text-2xl font-semibold tracking-tight text-slate-900">{PLANS[tier].price}</p>
        <ul className="mt-3 grid gap-x-6 gap-y-1.5 text-sm text-slate-600 sm:grid-cols-2">
          {planFacts(tier).map((fact) => (
            <li key={fact} className="flex items-center gap-2">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-indigo-500" />
              {fact}
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

export function OrganizationSettingsPage() {
  const organization = useQuery(currentOrganizationQuery());
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Organisation Settings"
        description="Your organisation's name, code, alerts, plan and AI engine."
      />
      <QueryState query={organization} what="the organisation">
        {(data) => (
          <div className="space-y-6">
            <NameCard key={data.name} organization={data} />
            <JoinCard organization={data} />
            <AlertsCard />
            <PlanCard organization={data} />
            <EngineStatusCard />
          </div>
        )}
      </QueryState>
    </div>
  );
}
