import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/query-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useAuth } from '../../auth/index.ts';
import { organizationUsersQuery } from '../api/organizations-api.ts';
import { InvitationsList } from './invitations-list.tsx';
import { InviteForm } from './invite-form.tsx';
import { MembersTable } from './members-table.tsx';

export function ManageUsersPage() {
  const { user } = useAuth();
  const members = useQuery(organizationUsersQuery());
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="Manage Users"
        description={`Invite colleagues to ${user.organization.name} and choose who administers it.`}
      />
      <div className="space-y-6">
        <InviteForm />
        <QueryState query={members} what="the members">
          {(data) => (
            <>
              <MembersTable
                users={data.users}
                currentUserId={user.id}
                organizationName={user.organization.name}
              />
              <InvitationsList invitations={data.invitations} />
            </>
          )}
        </QueryState>
      </div>
    </>
  );
}
