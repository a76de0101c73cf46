import type { TRole } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { createInvitation, organizationKeys } from '../api/organizations-api.ts';

export function InviteForm() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TRole>('member');
  const invite = useMutation({
    mutationFn: createInvitation,
    onSuccess: async (invitation) => {
      setEmail('');
      setRole('member');
      await queryClient.invalidateQueries({ queryKey: organizationKeys.users });
      toast.success(`Invitation created for ${invitation.email}`);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    invite.mutate({ email: email.trim(), role });
  }

  return (
    <Card>
      <CardHeader
        title="Invite a colleague"
        description="They can then join with your organisation code, using this email address."
      />
      <CardBody>
        <form onSubmit={submit} aria-label="Invite a colleague" className="space-y-4">
          {invite.isError && <Alert>{errorMessage(invite.error, 'Could not create the invitation')}</Alert>}
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <TextField
              label="Email"
              type="email"
              name="email"
              required
              autoComplete="off"
              placeholder="colleague@fund.com"
              fieldClassName="flex-1"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <Field label="Role" className="sm:w-40">
              {({ id }) => (
                <Select
                  id={id}
                  name="role"
                  value={role}
                  onChange={(event) => setRole(event.target.value as TRole)}
                >
                  <option value="member">Member</option>
                  <option value="admin">Admin</option>
                </Select>
              )}
            </Field>
            <Button type="submit" busy={invite.isPending}>
              Send invitation
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
