import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api-error.ts';
import { saveFile } from '../../../../lib/download/save-file.ts';
import { failureMessage } from '../../../../lib/failure-text.ts';
import { downloadItem, itemsQuery } from '../../api/sharepoint-browse-api.ts';
import { useFileAnalysis } from '../../hooks/use-file-analysis.ts';
import { type FolderTrail, folderPathOf } from '../../lib/folder-path.ts';
import { AnalysisPanel } from './analysis-panel.tsx';
import { BrowseEmpty, BrowseFailure, BrowseLoading, listClasses } from './browse-states.tsx';
import { FileRow } from './file-row.tsx';
import { FolderRow } from './folder-row.tsx';

export const NO_ONEDRIVE_MESSAGE =
  'No OneDrive folders accessible. Please check your Microsoft account connection.';

/** What a failed folder listing says (spec 03 §8). */
function loadFailure(error: unknown, atOneDriveTop: boolean): string {
  if (!atOneDriveTop) return failureMessage('load files', error);
  if (error instanceof ApiError && error.status === 404) return NO_ONEDRIVE_MESSAGE;
  return failureMessage('connect to OneDrive', error);
}

/** One folder of a library: its folders (Open) and files (Analyse, Download, open in a new tab). */
export function FolderContents({
  sessionId,
  driveId,
  trail,
  isOneDrive,
  onOpenFolder,
}: {
  sessionId: string | null;
  driveId: string;
  trail: FolderTrail;
  isOneDrive: boolean;
  onOpenFolder: (name: string) => void;
}) {
  const items = useQuery(itemsQuery(sessionId, driveId, folderPathOf(trail)));
  const analysis = useFileAnalysis(sessionId, driveId);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  async function download(fileId: string, name: string) {
    setDownloading(fileId);
    setDownloadError(null);
    try {
      saveFile(await downloadItem(sessionId, driveId, fileId, name));
    } catch (failure) {
      setDownloadError(failureMessage('download file', failure));
    } finally {
      setDownloading(null);
    }
  }

  if (items.isPending) return <BrowseLoading label="Loading files" />;
  if (items.isError)
    return <BrowseFailure message={loadFailure(items.error, isOneDrive && trail.length === 0)} />;
  const { folders, files } = items.data;
  return (
    <div className="space-y-4">
      {analysis.state && <AnalysisPanel state={analysis.state} onDismiss={analysis.dismiss} />}
      {downloadError && <BrowseFailure message={downloadError} />}
      {folders.length === 0 && files.length === 0 ? (
        <BrowseEmpty>This folder is empty</BrowseEmpty>
      ) : (
        <ul aria-label="Folders and files" className={listClasses}>
          {folders.map((folder) => (
            <FolderRow key={folder.id} folder={folder} onOpen={() => onOpenFolder(folder.name)} />
          ))}
          {files.map((file) => (
            <FileRow
              key={file.id}
              file={file}
              analysing={
                analysis.state?.file.id === file.id &&
                (analysis.state.status === 'analysing' || analysis.state.status === 'processing')
              }
              downloading={downloading === file.id}
              onAnalyse={() => void analysis.analyse(file)}
              onDownload={() => void download(file.id, file.name)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
