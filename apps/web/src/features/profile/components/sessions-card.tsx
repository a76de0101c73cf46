import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { api } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { revokeOtherSessions } from '../api/profile-api.ts';

export function revokedSentence(revoked: number): string {
  if (revoked === 0) return 'There were no other sessions to sign out.';
  return `Signed out of ${revoked} other ${revoked === 1 ? 'session' : 'sessions'}.`;
}

export function SessionsCard() {
  const revoke = useMutation({ mutationFn: () => revokeOtherSessions(api.refreshToken()) });
  return (
    <Card>
      <CardHeader
        title="Sessions"
        description="Signed in on a device you no longer use? Sign out everywhere else; this browser stays signed in."
      />
      <CardBody className="space-y-4">
        {revoke.isSuccess && <Alert tone="success">{revokedSentence(revoke.data.revoked)}</Alert>}
        {revoke.isError && (
          <Alert>{errorMessage(revoke.error, 'Could not sign out the other sessions')}</Alert>
        )}
        <Button variant="secondary" busy={revoke.isPending} onClick={() => revoke.mutate()}>
          Sign out of other sessions
        </Button>
      </CardBody>
    </Card>
  );
}
