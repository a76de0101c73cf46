import type { TInvitation } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { organizationKeys, revokeInvitation } from '../api/organizations-api.ts';

export function InvitationsList({ invitations }: { invitations: TInvitation[] }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (invitation: TInvitation) => revokeInvitation(invitation.id),
    onSuccess: async (_result, invitation) => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.users });
      toast.success(`Invitation for ${invitation.email} revoked`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not revoke the invitation')),
  });

  return (
    <Card>
      <CardHeader title="Open invitations" description="Invited people who have not joined yet." />
      {invitations.length === 0 ? (
        <CardBody>
          <p className="text-sm text-slate-500">No open invitations.</p>
        </CardBody>
      ) : (
        <ul className="divide-y divide-slate-100">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-6 py-3">
              <span className="flex size-8 items-center justify-center rounded-full bg-slate-100">
                <Mail aria-hidden="true" className="size-4 text-slate-500" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{invitation.email}</p>
                <p className="text-xs text-slate-500">
                  Invited {formatDate(invitation.created_at)} · expires {formatDate(invitation.expires_at)}
                </p>
              </div>
              <Badge tone={invitation.role === 'admin' ? 'accent' : 'neutral'}>
                {invitation.role === 'admin' ? 'Admin' : 'Member'}
              </Badge>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Revoke invitation for ${invitation.email}`}
                busy={revoke.isPending && revoke.variables?.id === invitation.id}
                onClick={() => revoke.mutate(invitation)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
