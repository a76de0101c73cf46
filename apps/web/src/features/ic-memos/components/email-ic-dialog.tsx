import { icMemoEmailSubject, type TIcMemo } from '@atempo/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { emailIcMemo, IcAlertError } from '../api/ic-memos-api.ts';
import { EMAIL_SENT_TEXT, sendEmailFailedText } from '../lib/ic-texts.ts';
import { addressProblem, splitAddresses } from '../lib/recipients.ts';

export interface EmailIcDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  memo: Pick<TIcMemo, 'id' | 'deal_id' | 'company_name' | 'version'>;
}

/**
 * The email-IC dialog (spec 02 §2, §5): recipients (required), CC and subject (generated when left
 * blank). The memo goes as HTML with its PDF attached; the answer is the spec's alert.
 */
export function EmailIcDialog({ open, onOpenChange, memo }: EmailIcDialogProps) {
  const [recipients, setRecipients] = useState('');
  const [cc, setCc] = useState('');
  const [subject, setSubject] = useState('');
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (!open) return;
    setRecipients('');
    setCc('');
    setSubject('');
    setChecked(false);
  }, [open]);

  const recipientsProblem = addressProblem(recipients, true);
  const ccProblem = addressProblem(cc, false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (recipientsProblem || ccProblem || sending) return;
    setSending(true);
    try {
      await emailIcMemo(memo.id, {
        deal_id: memo.deal_id,
        company_name: memo.company_name,
        recipients: splitAddresses(recipients),
        cc_recipients: splitAddresses(cc),
        subject_override: subject.trim(),
      });
      window.alert(EMAIL_SENT_TEXT);
      onOpenChange(false);
    } catch (error) {
      window.alert(error instanceof IcAlertError ? error.message : sendEmailFailedText(String(error)));
    } finally {
      setSending(false);
    }
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      padded
      title="Email IC materials"
      description={`${memo.company_name}, version ${memo.version}. The memo is sent with its PDF attached.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" form="email-ic-form" busy={sending}>
            {sending ? 'Sending...' : 'Send'}
          </Button>
        </>
      }
    >
      <form id="email-ic-form" noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Recipients"
          name="recipients"
          type="text"
          inputMode="email"
          autoComplete="off"
          required
          placeholder="partner@fund.com, analyst@fund.com"
          hint="Separate addresses with commas."
          value={recipients}
          onChange={(event) => setRecipients(event.target.value)}
          error={checked ? recipientsProblem : null}
        />
        <TextField
          label="CC (optional)"
          name="cc_recipients"
          type="text"
          inputMode="email"
          autoComplete="off"
          value={cc}
          onChange={(event) => setCc(event.target.value)}
          error={checked ? ccProblem : null}
        />
        <TextField
          label="Subject (optional)"
          name="subject"
          maxLength={300}
          placeholder={icMemoEmailSubject(memo.company_name, memo.version)}
          hint="Left blank, the subject above is used."
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
        />
      </form>
    </ModalDialog>
  );
}
