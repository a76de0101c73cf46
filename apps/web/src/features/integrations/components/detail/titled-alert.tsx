import { Alert, type AlertProps } from '../../../../components/ui/alert.tsx';

/** An alert with a short title over its sentence ('Disconnect Failed' / the server's detail). */
export function TitledAlert({ title, children, tone }: { title: string } & AlertProps) {
  return (
    <Alert tone={tone}>
      <p className="font-medium">{title}</p>
      <p className="mt-0.5">{children}</p>
    </Alert>
  );
}
