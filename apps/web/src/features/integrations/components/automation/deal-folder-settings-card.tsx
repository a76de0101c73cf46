import { useQuery } from '@tanstack/react-query';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../../lib/api-error.ts';
import { sharePointSettingsQuery } from '../../api/sharepoint-automation-api.ts';
import type { MicrosoftAccount } from '../../hooks/use-microsoft-account.ts';
import { DealFolderForm } from './deal-folder-form.tsx';

export const DEFAULT_PLACE_TEXT = 'Deals in the root site, else your OneDrive';

/** Where the deal folders live (GET /sharepoint/settings); an admin chooses (PUT). */
export function DealFolderSettingsCard({
  account,
  isAdmin,
}: {
  account: MicrosoftAccount;
  isAdmin: boolean;
}) {
  const settings = useQuery(sharePointSettingsQuery());
  return (
    <Card>
      <CardHeader
        as="h3"
        title="Deal folders"
        description="The folder whose sub-folders are your deals, one per company."
      />
      <CardBody className="space-y-4 text-sm">
        {settings.isPending ? (
          <div className="flex justify-center py-4 text-indigo-600">
            <Spinner label="Loading the deal-folder settings" />
          </div>
        ) : settings.isError ? (
          <p className="text-red-700">
            {errorMessage(settings.error, 'Could not load the deal-folder settings')}
          </p>
        ) : (
          <>
            <p className="text-slate-700">
              {settings.data.chosen ? (
                <>
                  Chosen: <span className="font-medium text-slate-900">{settings.data.folder_path}</span>
                  {settings.data.site_id ? ' in the chosen site' : ' in the root site'}
                  {settings.data.drive_id && ', chosen library'}
                </>
              ) : (
                <>Default: {DEFAULT_PLACE_TEXT}</>
              )}
            </p>
            {isAdmin && <DealFolderForm current={settings.data} account={account} />}
          </>
        )}
      </CardBody>
    </Card>
  );
}
