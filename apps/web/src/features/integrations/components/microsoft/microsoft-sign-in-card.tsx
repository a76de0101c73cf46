import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import { Eye, FolderUp, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { useMicrosoftSignIn } from '../../hooks/use-microsoft-sign-in.ts';
import { detailViewPath } from '../../lib/views.ts';
import { MissingSettings } from '../missing-settings.tsx';
import { AuthenticationError } from './authentication-error.tsx';
import { SecureOAuthNote } from './secure-oauth-note.tsx';

const PERMISSIONS = [
  { Icon: Eye, title: 'Read Access', text: 'View sites and files' },
  { Icon: FolderUp, title: 'Write Access', text: 'Upload and organise' },
  { Icon: UserRound, title: 'User Context', text: 'Every action runs as you' },
];

/**
 * The Microsoft sign-in card (spec 03 §2, §4): setup (what it may access, Sign in), authenticating
 * (the popup is open; Cancel) and success (who is connected; Continue to OneDrive, Sign Out).
 */
export function MicrosoftSignInCard({ entry }: { entry: TIntegrationCatalogueEntry }) {
  const navigate = useNavigate();
  const flow = useMicrosoftSignIn();
  return (
    <Card>
      <CardHeader
        title="Microsoft 365"
        description={
          flow.phase === 'success' ? 'Connected' : 'Sign in to connect OneDrive, SharePoint and Outlook.'
        }
      />
      <CardBody className="space-y-4">
        {flow.error &&
          (flow.redirecting ? <Alert>{flow.error}</Alert> : <AuthenticationError message={flow.error} />)}
        {!entry.configured ? (
          <MissingSettings settings={entry.missing_settings} />
        ) : flow.phase === 'setup' ? (
          <>
            <div>
              <p className="text-sm font-medium text-slate-900">Only access what you have permissions for</p>
              <ul className="mt-3 grid gap-3 sm:grid-cols-3">
                {PERMISSIONS.map(({ Icon, title, text }) => (
                  <li key={title} className="flex items-start gap-2.5 rounded-lg bg-slate-50 p-3">
                    <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
                    <span className="text-sm">
                      <span className="block font-medium text-slate-900">{title}</span>
                      <span className="text-slate-600">{text}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </div>
            <Button onClick={() => void flow.signIn()}>Sign in with Microsoft 365</Button>
          </>
        ) : flow.phase === 'authenticating' ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-indigo-50 px-4 py-3">
            <p className="flex items-center gap-2.5 text-sm text-indigo-900">
              <Spinner size="sm" decorative />
              {flow.redirecting
                ? 'Taking you to the Microsoft sign-in page…'
                : 'Finish signing in in the Microsoft window…'}
            </p>
            {!flow.redirecting && (
              <Button variant="secondary" size="sm" onClick={flow.cancel}>
                Cancel
              </Button>
            )}
          </div>
        ) : (
          <>
            <div className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
              <p>
                Connected as <span className="font-semibold">{flow.user?.displayName ?? flow.email}</span>
              </p>
              {flow.user?.displayName && flow.email && <p className="text-emerald-800">{flow.email}</p>}
              {flow.user?.jobTitle && <p className="text-emerald-800">{flow.user.jobTitle}</p>}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => navigate(detailViewPath('onedrive'))}>Continue to OneDrive</Button>
              <Button variant="secondary" busy={flow.signingOut} onClick={() => void flow.signOut()}>
                Sign Out
              </Button>
            </div>
          </>
        )}
        <SecureOAuthNote />
      </CardBody>
    </Card>
  );
}
