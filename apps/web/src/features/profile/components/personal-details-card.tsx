import type { TMeResponse } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { meQueryKey } from '../../auth/index.ts';
import { updateMe } from '../api/profile-api.ts';

export function PersonalDetailsCard({ user }: { user: TMeResponse }) {
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const save = useMutation({
    mutationFn: updateMe,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      toast.success('Profile updated');
    },
  });
  const changed = firstName.trim() !== user.first_name || lastName.trim() !== user.last_name;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ first_name: firstName.trim(), last_name: lastName.trim() });
  }

  return (
    <Card>
      <CardHeader title="Personal details" description="Your name as your colleagues see it." />
      <CardBody>
        <form onSubmit={submit} className="space-y-5" aria-label="Personal details">
          {save.isError && <Alert>{errorMessage(save.error, 'Could not save your profile')}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First Name"
              name="first_name"
              autoComplete="given-name"
              required
              value={firstName}
              onChange={(event) => setFirstName(event.target.value)}
            />
            <TextField
              label="Last Name"
              name="last_name"
              autoComplete="family-name"
              required
              value={lastName}
              onChange={(event) => setLastName(event.target.value)}
            />
          </div>
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-medium text-slate-700">Email</dt>
              <dd className="mt-1 text-slate-600">{user.email}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-700">Role</dt>
              <dd className="mt-1">
                <Badge tone={user.role === 'admin' ? 'accent' : 'neutral'}>
                  {user.role === 'admin' ? 'Admin' : 'Member'}
                </Badge>
              </dd>
            </div>
          </dl>
          <div className="flex justify-end">
            <Button type="submit" busy={save.isPending} disabled={!changed}>
              {save.isPending ? 'Saving...' : 'Save changes'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
