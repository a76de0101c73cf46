import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import { Card, CardBody } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { useMicrosoftAccount } from '../../hooks/use-microsoft-account.ts';
import { FileBrowser } from '../browse/file-browser.tsx';
import { MicrosoftSignInCard } from '../microsoft/microsoft-sign-in-card.tsx';

/** OneDrive (spec 03 §2): the sign-in card until connected, then the user's own drive. */
export function OneDriveDetail({ entry }: { entry: TIntegrationCatalogueEntry }) {
  const account = useMicrosoftAccount();
  if (account.isPending)
    return (
      <div className="flex justify-center py-10 text-indigo-600">
        <Spinner label="Checking your Microsoft 365 connection" />
      </div>
    );
  if (!account.connected) return <MicrosoftSignInCard entry={entry} />;
  return (
    <Card>
      <CardBody>
        <FileBrowser mode="onedrive" sessionId={account.sessionId} />
      </CardBody>
    </Card>
  );
}
