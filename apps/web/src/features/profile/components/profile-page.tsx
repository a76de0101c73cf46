import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useAuth } from '../../auth/index.ts';
import { ApiKeysCard } from './api-keys-card.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';
import { DailyBriefCard } from './daily-brief-card.tsx';
import { PersonalDetailsCard } from './personal-details-card.tsx';
import { SessionsCard } from './sessions-card.tsx';

export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Your Profile"
        description="Your personal details, password, sign-in sessions, API keys and daily brief email."
      />
      <div className="space-y-6">
        <PersonalDetailsCard key={`${user.first_name}|${user.last_name}`} user={user} />
        <ChangePasswordCard />
        <SessionsCard />
        <ApiKeysCard />
        <DailyBriefCard />
      </div>
    </div>
  );
}
