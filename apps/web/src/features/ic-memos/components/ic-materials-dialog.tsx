import type { TIcMemo } from '@atempo/contracts';
import { useQuery } from '@tanstack/react-query';
import { FileDown, Mail, Presentation } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Select } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { type DownloadedFile, saveFile } from '../../../lib/download/save-file.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  dealIcMemosQuery,
  downloadIcSlides,
  exportIcMemoPdf,
  IcAlertError,
  icMemoQuery,
} from '../api/ic-memos-api.ts';
import { EmailIcDialog } from './email-ic-dialog.tsx';
import { IcMemoView } from './ic-memo-view.tsx';

export interface IcMaterialsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dealId: string;
  company: string;
  /** The version to show first (the one just generated). */
  memoId: string;
}

/**
 * The IC materials dialog (spec 02 §2, §7): the memo rendered with its notes, a picker for the
 * deal's earlier versions, PDF export and the email dialog.
 */
export function IcMaterialsDialog({ open, onOpenChange, dealId, company, memoId }: IcMaterialsDialogProps) {
  const [selected, setSelected] = useState(memoId);
  const [emailing, setEmailing] = useState(false);
  const [downloading, setDownloading] = useState<'pdf' | 'slides' | null>(null);
  const pickerId = useId();
  useEffect(() => setSelected(memoId), [memoId]);
  const versions = useQuery({ ...dealIcMemosQuery(dealId), enabled: open });
  const memo = useQuery({ ...icMemoQuery(selected), enabled: open });

  /** The PDF or the slides of the version shown, saved under the server's file name. */
  const download = async (kind: 'pdf' | 'slides', fetchFile: (id: string) => Promise<DownloadedFile>) => {
    setDownloading(kind);
    try {
      saveFile(await fetchFile(selected));
    } catch (error) {
      window.alert(error instanceof IcAlertError ? error.message : String(error));
    } finally {
      setDownloading(null);
    }
  };

  const shown: TIcMemo | undefined = memo.data;
  const listed = versions.data?.ic_memos ?? [];
  // A version older than the listed page (or not listed yet) is still offered while shown.
  const choices =
    shown && !listed.some((version) => version.id === shown.id)
      ? [...listed, { id: shown.id, version: shown.version, created_at: shown.created_at }]
      : listed;
  const latestId = listed[0]?.id;
  return (
    <>
      <ModalDialog
        open={open}
        onOpenChange={onOpenChange}
        size="xl"
        title={`IC materials: ${company}`}
        description={
          shown
            ? `Version ${shown.version} · ${formatDate(shown.created_at)} · ${shown.metadata.generated_by}`
            : 'Investment committee memo'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Close
            </Button>
            <Button variant="secondary" onClick={() => setEmailing(true)} disabled={!shown}>
              <Mail aria-hidden="true" className="size-4" />
              Email
            </Button>
            <Button
              variant="secondary"
              onClick={() => void download('slides', downloadIcSlides)}
              busy={downloading === 'slides'}
              disabled={!shown || downloading !== null}
            >
              <Presentation aria-hidden="true" className="size-4" />
              Download slides (.pptx)
            </Button>
            <Button
              onClick={() => void download('pdf', exportIcMemoPdf)}
              busy={downloading === 'pdf'}
              disabled={!shown || downloading !== null}
            >
              <FileDown aria-hidden="true" className="size-4" />
              {downloading === 'pdf' ? 'Exporting...' : 'Export PDF'}
            </Button>
          </>
        }
      >
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-6 py-3">
          <label htmlFor={pickerId} className="text-sm font-medium text-slate-700">
            Version
          </label>
          <Select
            id={pickerId}
            className="w-72"
            value={selected}
            onChange={(event) => setSelected(event.target.value)}
            disabled={choices.length === 0}
          >
            {choices.map((version) => (
              <option key={version.id} value={version.id}>
                v{version.version} · {formatDate(version.created_at)}
                {version.id === latestId ? ' (latest)' : ''}
              </option>
            ))}
          </Select>
          {shown?.metadata.terms_are_proposal && (
            <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
              Deal terms are a proposal (no term sheet)
            </span>
          )}
        </div>
        <div className="px-6 py-5">
          {memo.isPending ? (
            <div className="flex justify-center py-10 text-indigo-600">
              <Spinner label="Loading the IC memo" />
            </div>
          ) : memo.isError ? (
            <Alert>{errorMessage(memo.error, 'Could not load the IC memo')}</Alert>
          ) : (
            <>
              {shown && shown.metadata.data_gaps.length > 0 && (
                <div className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
                  <p className="font-medium">Not in the data</p>
                  <ul className="mt-1 list-disc space-y-0.5 pl-5">
                    {shown.metadata.data_gaps.map((gap) => (
                      <li key={gap}>{gap}</li>
                    ))}
                  </ul>
                </div>
              )}
              {shown && <IcMemoView memo={shown} />}
            </>
          )}
        </div>
      </ModalDialog>
      {shown && <EmailIcDialog open={emailing} onOpenChange={setEmailing} memo={shown} />}
    </>
  );
}
