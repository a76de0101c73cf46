import { Alert } from '../../../../components/ui/alert.tsx';

/** The 'Authentication Error' panel of spec 03 §8, with the server's detail or the flow's own text. */
export function AuthenticationError({ message }: { message: string }) {
  return (
    <Alert>
      <p className="font-medium">Authentication Error</p>
      <p className="mt-0.5">{message}</p>
    </Alert>
  );
}
