import { ZSourceName, ZSourceUrl } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { createSource, sourceKeys } from '../api/sources-api.ts';

interface FieldErrors {
  url?: string;
  name?: string;
}

/** The contract's own rules, so the form says what the server would refuse before sending. */
function validate(url: string, name: string): FieldErrors {
  const errors: FieldErrors = {};
  const urlCheck = ZSourceUrl.safeParse(url);
  if (!urlCheck.success) errors.url = urlCheck.error.issues[0]?.message ?? 'Enter a feed URL';
  const nameCheck = ZSourceName.safeParse(name);
  if (!nameCheck.success) errors.name = nameCheck.error.issues[0]?.message ?? 'Enter a name';
  return errors;
}

export function AddSourceForm() {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useMutation({
    mutationFn: createSource,
    onSuccess: async (source) => {
      setUrl('');
      setName('');
      await queryClient.invalidateQueries({ queryKey: sourceKeys.all });
      toast.success(`${source.name} added. Turn it on to fetch it every 30 minutes.`);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(url, name);
    setErrors(found);
    if (found.url || found.name) return;
    add.mutate({ url: url.trim(), name: name.trim() });
  }

  return (
    <Card>
      <CardHeader
        title="Add a feed"
        description="Any public RSS or Atom feed of funding news. New feeds start switched off."
      />
      <CardBody>
        <form onSubmit={submit} aria-label="Add a feed" noValidate className="space-y-4">
          {add.isError && <Alert>{errorMessage(add.error, 'Could not add the feed')}</Alert>}
          <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
            <TextField
              label="Feed URL"
              name="url"
              type="url"
              required
              autoComplete="off"
              placeholder="https://news.example.com/feed/"
              fieldClassName="flex-[2]"
              value={url}
              error={errors.url}
              onChange={(event) => setUrl(event.target.value)}
            />
            <TextField
              label="Name"
              name="name"
              required
              autoComplete="off"
              placeholder="Example Startup News"
              fieldClassName="flex-1"
              value={name}
              error={errors.name}
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" busy={add.isPending} className="lg:mt-6">
              Add feed
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
