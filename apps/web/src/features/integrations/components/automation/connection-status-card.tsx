import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { failureText } from '../../../../lib/failure-text.ts';
import { testConnection } from '../../api/sharepoint-automation-api.ts';
import type { MicrosoftAccount } from '../../hooks/use-microsoft-account.ts';

export function foldersDiscoveredText(count: number): string {
  return count === 1 ? '1 deal folder discovered' : `${count} deal folders discovered`;
}

/** Connection Status with Test Connection (admin). */
export function ConnectionStatusCard({ account, isAdmin }: { account: MicrosoftAccount; isAdmin: boolean }) {
  const test = useMutation({ mutationFn: testConnection });
  return (
    <Card>
      <CardHeader
        as="h3"
        title="Connection Status"
        actions={
          <Button
            size="sm"
            variant="secondary"
            disabled={!isAdmin}
            busy={test.isPending}
            onClick={() => test.mutate()}
          >
            Test Connection
          </Button>
        }
      />
      <CardBody className="space-y-3 text-sm">
        <p className="text-slate-700">
          {account.connected ? (
            <>
              Microsoft 365 connected as{' '}
              <span className="font-medium break-words text-slate-900">{account.email}</span>
            </>
          ) : (
            'Microsoft 365 is not connected.'
          )}
        </p>
        {test.data &&
          (test.data.status === 'connected' ? (
            <Alert tone="success">
              <p>{test.data.message}</p>
              <p className="mt-0.5">{foldersDiscoveredText(test.data.folders_discovered)}</p>
            </Alert>
          ) : (
            <Alert>
              <p className="font-medium">Connection failed</p>
              <p className="mt-0.5">{test.data.message}</p>
            </Alert>
          ))}
        {test.isError && <Alert>{`Connection failed: ${failureText(test.error)}`}</Alert>}
      </CardBody>
    </Card>
  );
}
