import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandName } from '../../../../components/brand-mark.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';

export type CallbackTone = 'processing' | 'success' | 'error';

/** The public OAuth return pages' frame: the brand, one card with the state's icon, title and text. */
export function CallbackFrame({
  tone,
  title,
  children,
}: {
  tone: CallbackTone;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 py-10 sm:px-6">
      <BrandName className="mb-8" />
      <Card className="w-full max-w-md px-6 py-10 text-center sm:px-8">
        <div className="flex justify-center">
          {tone === 'processing' ? (
            <span className="text-indigo-600">
              <Spinner size="lg" label={title} />
            </span>
          ) : tone === 'success' ? (
            <CircleCheck aria-hidden="true" className="size-10 text-emerald-600" />
          ) : (
            <CircleAlert aria-hidden="true" className="size-10 text-red-600" />
          )}
        </div>
        <h1 className="mt-4 text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <div className="mt-2 space-y-4 text-sm text-slate-600">{children}</div>
      </Card>
    </div>
  );
}
