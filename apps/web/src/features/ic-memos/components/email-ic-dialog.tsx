import { IC_EMAIL_SENT, icMemoEmailSubject, type TIcMemo } from '@atempo/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useSendIcEmail } from '../hooks/use-send-ic-email.ts';
import { EMAIL_LOGGED_TEXT, EMAIL_SENDING_TEXT } from '../lib/ic-texts.ts';
import { addressProblem, splitAddresses } from '../lib/recipients.ts';

export interface EmailIcDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  memo: Pick<TIcMemo, 'id' | 'deal_id' | 'company_name' | 'version'>;
}

/**
 * The email-IC dialog (spec 02 §2, §5): recipients (required), CC and subject (generated when left
 * blank). The memo goes as HTML with its PDF attached. The dialog waits for the email job: the
 * spec's success alert only once a mail server accepted the email, its failure alert with the mail
 * server's reason, and a notice when no mail server is configured and the email was only logged.
 */
export function EmailIcDialog({ open, onOpenChange, memo }: EmailIcDialogProps) {
  const [recipients, setRecipients] = useState('');
  const [cc, setCc] = useState('');
  const [subject, setSubject] = useState('');
  const [checked, setChecked] = useState(false);
  const [logged, setLogged] = useState(false);
  const { phase, busy, send } = useSendIcEmail(memo.id);
  useEffect(() => {
    if (!open) return;
    setRecipients('');
    setCc('');
    setSubject('');
    setChecked(false);
    setLogged(false);
  }, [open]);

  const recipientsProblem = addressProblem(recipients, true);
  const ccProblem = addressProblem(cc, false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (recipientsProblem || ccProblem || busy) return;
    setLogged(false);
    const outcome = await send({
      deal_id: memo.deal_id,
      company_name: memo.company_name,
      recipients: splitAddresses(recipients),
      cc_recipients: splitAddresses(cc),
      subject_override: subject.trim(),
    });
    if (outcome?.kind === 'sent') {
      window.alert(IC_EMAIL_SENT);
      onOpenChange(false);
    } else if (outcome?.kind === 'logged') {
      setLogged(true);
    } else if (outcome?.kind === 'failed') {
      window.alert(outcome.message);
    }
  };

  return (
    <ModalDialog
      open={open}
      // While the email is on its way the dialog stays, so its outcome is seen.
      onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}
      padded
      title="Email IC materials"
      description={`${memo.company_name}, version ${memo.version}. The memo is sent with its PDF attached.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {logged ? 'Done' : 'Cancel'}
          </Button>
          <Button type="submit" form="email-ic-form" busy={busy}>
            {busy ? 'Sending...' : 'Send'}
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
        {phase === 'sending' && <Alert tone="info">{EMAIL_SENDING_TEXT}</Alert>}
        {logged && <Alert tone="info">{EMAIL_LOGGED_TEXT}</Alert>}
      </form>
    </ModalDialog>
  );
}
