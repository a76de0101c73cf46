import { type TCreateInvitationRequest, ZCreateInvitationRequest } from '@atempo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
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
  // The contract's schema checks the address (trimmed, lower-cased) before anything is sent.
  const form = useForm<TCreateInvitationRequest>({
    resolver: zodResolver(ZCreateInvitationRequest),
    defaultValues: { email: '', role: 'member' },
  });
  const invite = useMutation({
    mutationFn: createInvitation,
    onSuccess: async (invitation) => {
      form.reset();
      await queryClient.invalidateQueries({ queryKey: organizationKeys.users });
      toast.success(`Invitation created for ${invitation.email}`);
    },
  });

  return (
    <Card>
      <CardHeader
        title="Invite a colleague"
        description="They can then join with your organisation code, using this email address."
      />
      <CardBody>
        <form
          onSubmit={form.handleSubmit((request) => invite.mutate(request))}
          aria-label="Invite a colleague"
          className="space-y-4"
        >
          {invite.isError && <Alert>{errorMessage(invite.error, 'Could not create the invitation')}</Alert>}
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <TextField
              label="Email"
              type="email"
              required
              autoComplete="off"
              placeholder="colleague@fund.com"
              fieldClassName="flex-1"
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
            <Field label="Role" className="sm:w-40">
              {({ id }) => (
                <Select id={id} {...form.register('role')}>
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
