import { Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { BrandName } from '../components/brand-mark.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { TextLink } from '../components/ui/text-link.tsx';

export interface NotBuiltProps {
  /** The screen's name, shown as its heading. */
  title: string;
  /** What this screen will hold, as the subject of "… arrives in a later release of Atempo." */
  subject: string;
}

export function laterReleaseSentence(subject: string): string {
  return `${subject} arrives in a later release of Atempo.`;
}

/** An honest stand-in inside the shell for a screen that is not built yet. */
export function NotBuiltPage({ title, subject }: NotBuiltProps) {
  return (
    <>
      <PageHeader title={title} />
      <Card className="flex flex-col items-center px-6 py-16 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-100">
          <Hammer aria-hidden="true" className="size-6 text-slate-500" />
        </span>
        <p className="mt-4 text-sm font-medium text-slate-900">Not built yet</p>
        <p className="mt-1 max-w-md text-sm text-slate-500">{laterReleaseSentence(subject)}</p>
      </Card>
    </>
  );
}

/** The same, for public pages that have no shell around them. */
export function PublicNotBuiltPage({ title, subject }: NotBuiltProps) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6">
      <Link to="/" aria-label="Atempo home" className="mb-8">
        <BrandName />
      </Link>
      <Card className="w-full max-w-md px-8 py-10 text-center">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">{laterReleaseSentence(subject)}</p>
        <p className="mt-6 text-sm">
          <TextLink to="/">Go to Atempo</TextLink>
        </p>
      </Card>
    </div>
  );
}
