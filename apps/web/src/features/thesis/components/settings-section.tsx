import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';

export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card aria-label={title}>
      <CardHeader title={title} description={description} />
      <CardBody>{children}</CardBody>
    </Card>
  );
}
