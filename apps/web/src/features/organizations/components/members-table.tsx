import type { TOrganizationUser, TRole } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Select } from '../../../components/ui/select-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { displayName, initials } from '../../../lib/names.ts';
import { meQueryKey } from '../../auth/index.ts';
import { organizationKeys, removeUser, updateUserRole } from '../api/organizations-api.ts';

export function MembersTable({
  users,
  currentUserId,
  organizationName,
}: {
  users: TOrganizationUser[];
  currentUserId: string;
  organizationName: string;
}) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<TOrganizationUser | null>(null);

  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: TRole }) => updateUserRole(id, { role }),
    onSuccess: async (_updated, { id }) => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.users });
      // Changing one's own role changes what the shell offers.
      if (id === currentUserId) await queryClient.invalidateQueries({ queryKey: meQueryKey });
      toast.success('Role updated');
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not change the role')),
  });

  const remove = useMutation({
    mutationFn: (user: TOrganizationUser) => removeUser(user.id),
    onSuccess: async (_result, user) => {
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.users });
      toast.success(`${displayName(user)} was removed`);
    },
    onError: (error) => {
      setRemoving(null);
      toast.error(errorMessage(error, 'Could not remove the user'));
    },
  });

  return (
    <Card>
      <CardHeader
        title="Members"
        description={`${users.length} ${users.length === 1 ? 'person has' : 'people have'} access to ${organizationName}.`}
      />
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-100 text-xs font-medium tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="px-6 py-3 font-medium">
                Name
              </th>
              <th scope="col" className="px-6 py-3 font-medium">
                Email
              </th>
              <th scope="col" className="px-6 py-3 font-medium">
                Role
              </th>
              <th scope="col" className="px-6 py-3 font-medium">
                Joined
              </th>
              <th scope="col" className="px-6 py-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => {
              const name = displayName(user);
              const isSelf = user.id === currentUserId;
              return (
                <tr key={user.id} className="hover:bg-slate-50/60">
                  <td className="px-6 py-3">
                    <div className="flex items-center gap-3">
                      <Avatar text={initials(user)} className="size-8 text-xs" />
                      <span className="font-medium text-slate-900">{name}</span>
                      {isSelf && <Badge>You</Badge>}
                    </div>
                  </td>
                  <td className="px-6 py-3 text-slate-600">{user.email}</td>
                  <td className="px-6 py-3">
                    <Select
                      aria-label={`Role for ${name}`}
                      value={user.role}
                      disabled={changeRole.isPending}
                      className="w-32"
                      onChange={(event) =>
                        changeRole.mutate({ id: user.id, role: event.target.value as TRole })
                      }
                    >
                      <option value="admin">Admin</option>
                      <option value="member">Member</option>
                    </Select>
                  </td>
                  <td className="px-6 py-3 whitespace-nowrap text-slate-500">
                    {formatDate(user.created_at)}
                  </td>
                  <td className="px-6 py-3 text-right">
                    {!isSelf && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${name}`}
                        className="text-slate-500 hover:text-red-600"
                        onClick={() => setRemoving(user)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={`Remove ${removing ? displayName(removing) : ''}?`}
        description={`They will no longer be able to sign in to ${organizationName}.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
        }}
      />
    </Card>
  );
}
