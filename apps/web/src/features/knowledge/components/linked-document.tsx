import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Spotlight } from '../../../components/ui/spotlight.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { documentQuery } from '../../documents/index.ts';
import { fromDocument } from '../lib/hub-documents.ts';
import { HubDocumentCard } from './hub-document-card.tsx';

/** The document a search result led to (`?document={id}`): its card and analysis, ahead of the list. */
export function LinkedDocument({ id, onDismiss }: { id: string; onDismiss: () => void }) {
  const document = useQuery(documentQuery(id));
  return (
    <Spotlight
      title="Document from your search"
      ready={!document.isPending}
      onDismiss={onDismiss}
      className="mb-6"
    >
      {document.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading the document" />
        </div>
      ) : document.isError ? (
        <div className="p-5">
          <Alert>{errorMessage(document.error, 'Could not load the document')}</Alert>
        </div>
      ) : (
        <div className="p-5 md:max-w-xl">
          <HubDocumentCard document={fromDocument(document.data)} />
        </div>
      )}
    </Spotlight>
  );
}
