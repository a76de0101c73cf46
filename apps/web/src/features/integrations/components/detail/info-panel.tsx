import { Check } from 'lucide-react';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';

/** What an integration lets the user do (the detail views' info panels of spec 03 §2). */
export function InfoPanel({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody>
        <ul className="grid gap-2 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item} className="flex items-start gap-2 text-sm text-slate-700">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              {item}
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
