import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody } from '../../../../components/ui/card.tsx';
import type { MicrosoftSignIn } from '../../hooks/use-microsoft-sign-in.ts';
import { MissingSettings } from '../missing-settings.tsx';
import { AuthenticationError } from './authentication-error.tsx';
import { SecureOAuthNote } from './secure-oauth-note.tsx';

/**
 * SharePoint's connection strip (spec 03 §2): 'Connect Microsoft 365', or 'Connected as' and the
 * mail with the sign-in card's Sign Out. The sign-in card itself shows only while nothing is
 * connected (OneDrive) or on Outlook, not built yet: without Sign Out here a connected account
 * could not be signed out of anywhere.
 */
export function MicrosoftConnectionCard({
  entry,
  flow,
}: {
  entry: TIntegrationCatalogueEntry;
  flow: MicrosoftSignIn;
}) {
  return (
    <Card>
      <CardBody className="space-y-3">
        {flow.error && <AuthenticationError message={flow.error} />}
        {!entry.configured ? (
          <MissingSettings settings={entry.missing_settings} />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            {flow.phase === 'success' ? (
              <p className="min-w-0 text-sm text-slate-700">
                Connected as <span className="font-semibold break-words text-slate-900">{flow.email}</span>
                {flow.needsReconnect && (
                  <span className="mt-0.5 block text-amber-800">
                    This connection needs you to sign in again.
                  </span>
                )}
              </p>
            ) : (
              <p className="text-sm text-slate-700">
                Connect your Microsoft 365 account to browse and sync files.
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              {flow.phase === 'authenticating' && !flow.redirecting && (
                <Button variant="secondary" onClick={flow.cancel}>
                  Cancel
                </Button>
              )}
              {(flow.phase !== 'success' || flow.needsReconnect) && (
                <Button busy={flow.phase === 'authenticating'} onClick={() => void flow.signIn()}>
                  {flow.needsReconnect ? 'Reconnect' : 'Connect Microsoft 365'}
                </Button>
              )}
              {flow.phase === 'success' && (
                <Button variant="secondary" busy={flow.signingOut} onClick={() => void flow.signOut()}>
                  Sign Out
                </Button>
              )}
            </div>
          </div>
        )}
        <SecureOAuthNote />
      </CardBody>
    </Card>
  );
}
