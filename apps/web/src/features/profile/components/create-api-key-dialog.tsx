import type { TCreatedApiKey } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Select } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { apiKeyKeys, createApiKey } from '../api/api-keys-api.ts';

/** Expiry choices, in days; '' never expires. */
export const EXPIRY_CHOICES = [
  { value: '', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In 1 year' },
] as const;

export function CreateApiKeyDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);
  function change(next: boolean) {
    // Closing forgets the secret: it is never shown again.
    if (!next) setCreated(null);
    onOpenChange(next);
  }
  return (
    <ModalDialog
      open={open}
      onOpenChange={change}
      // Wide enough to show the 47-character secret whole.
      size="lg"
      title={created ? 'Your new API key' : 'Create API key'}
      description={
        created
          ? `${created.name}: send it as "Authorization: Bearer <key>".`
          : 'Name the key after where you will use it, so you can tell keys apart later.'
      }
    >
      {open &&
        (created ? (
          <ShowSecret created={created} onDone={() => change(false)} />
        ) : (
          <CreateApiKeyForm onCreated={setCreated} onCancel={() => change(false)} />
        ))}
    </ModalDialog>
  );
}

function CreateApiKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: TCreatedApiKey) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<string>('');
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: async (created) => {
      onCreated(created);
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate({ name: name.trim(), ...(expiry ? { expires_in_days: Number(expiry) } : {}) });
  }

  return (
    <form onSubmit={submit} aria-label="Create API key">
      <div className="space-y-4 px-6 py-5">
        {create.isError && <Alert>{errorMessage(create.error, 'Could not create the API key')}</Alert>}
        <TextField
          label="Name"
          required
          autoFocus
          autoComplete="off"
          maxLength={100}
          placeholder="e.g. Claude Desktop"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Field label="Expires">
          {({ id }) => (
            <Select id={id} name="expires" value={expiry} onChange={(event) => setExpiry(event.target.value)}>
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending} disabled={!name.trim()}>
          {create.isPending ? 'Creating...' : 'Create key'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ShowSecret({ created, onDone }: { created: TCreatedApiKey; onDone: () => void }) {
  return (
    <div>
      <div className="space-y-4 px-6 py-5">
        <Alert tone="info">
          <strong>Copy this key now: you will not see it again.</strong> Only a fingerprint of it is stored.
          If you lose it, delete it and create a new one.
        </Alert>
        <div className="flex items-end gap-2">
          <TextField
            label="Secret key"
            readOnly
            value={created.secret}
            fieldClassName="min-w-0 flex-1"
            className="font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={created.secret} label="API key" />
        </div>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
