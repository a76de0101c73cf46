import { DEFAULT_DEALS_FOLDER } from '@atempo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Select } from '../../../../components/ui/select-field.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../../lib/api-error.ts';
import {
  automationKeys,
  type SharePointSettingsAnswer,
  saveSharePointSettings,
} from '../../api/sharepoint-automation-api.ts';
import { drivesQuery, sitesQuery } from '../../api/sharepoint-browse-api.ts';
import type { MicrosoftAccount } from '../../hooks/use-microsoft-account.ts';

/** An admin's choice of site, library and folder (blank site and library: the defaults). */
export function DealFolderForm({
  current,
  account,
}: {
  current: SharePointSettingsAnswer;
  account: MicrosoftAccount;
}) {
  const queryClient = useQueryClient();
  const [siteId, setSiteId] = useState(current.site_id ?? '');
  const [driveId, setDriveId] = useState(current.drive_id ?? '');
  const [folderPath, setFolderPath] = useState(current.folder_path || DEFAULT_DEALS_FOLDER);
  const sites = useQuery({ ...sitesQuery(account.sessionId), enabled: account.connected });
  const drives = useQuery({
    ...drivesQuery(account.sessionId, siteId),
    enabled: account.connected && siteId !== '',
  });
  const save = useMutation({
    mutationFn: saveSharePointSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(automationKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: automationKeys.discovered });
      toast.success('Deal folders saved');
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ site_id: siteId || null, drive_id: driveId || null, folder_path: folderPath.trim() });
  }

  return (
    <form onSubmit={submit} aria-label="Deal folders" className="space-y-4">
      {save.isError && <Alert>{errorMessage(save.error, 'Could not save the deal folders')}</Alert>}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Site">
          {({ id }) => (
            <Select
              id={id}
              value={siteId}
              onChange={(event) => {
                setSiteId(event.target.value);
                setDriveId('');
              }}
            >
              <option value="">Root site (default)</option>
              {sites.data?.sites.map((site) => (
                <option key={site.id} value={site.id}>
                  {site.displayName}
                </option>
              ))}
              {current.site_id && !sites.data?.sites.some((site) => site.id === current.site_id) && (
                <option value={current.site_id}>{current.site_id}</option>
              )}
            </Select>
          )}
        </Field>
        <Field label="Library">
          {({ id }) => (
            <Select id={id} value={driveId} onChange={(event) => setDriveId(event.target.value)}>
              <option value="">Default library</option>
              {drives.data?.drives.map((drive) => (
                <option key={drive.id} value={drive.id}>
                  {drive.name}
                </option>
              ))}
              {current.drive_id && !drives.data?.drives.some((drive) => drive.id === current.drive_id) && (
                <option value={current.drive_id}>{current.drive_id}</option>
              )}
            </Select>
          )}
        </Field>
        <TextField
          label="Folder"
          required
          value={folderPath}
          onChange={(event) => setFolderPath(event.target.value)}
          hint="e.g. Deals or Pipeline/2026"
        />
      </div>
      <Button type="submit" size="sm" busy={save.isPending} disabled={folderPath.trim() === ''}>
        Save deal folders
      </Button>
    </form>
  );
}
