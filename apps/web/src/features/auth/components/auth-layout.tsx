import { BarChart3, FileSearch, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandName } from '../../../components/brand-mark.tsx';

const highlights = [
  {
    Icon: Target,
    title: 'Thesis-driven pipeline',
    text: 'Track companies and deals, and score each one against your investment thesis.',
  },
  {
    Icon: FileSearch,
    title: 'Document intelligence',
    text: 'Extract metrics and risk flags from financials, with every figure cited to its source.',
  },
  {
    Icon: BarChart3,
    title: 'Ready for committee',
    text: 'Turn diligence into IC materials your team can trust.',
  },
];

/** The frame of the public sign-in pages: a brand panel beside the form. */
export function AuthLayout({
  title,
  subtitle,
  wide = false,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  /** Room for wider content (the plan cards of registration). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen bg-white">
      <aside className="sticky top-0 hidden h-screen w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-slate-950 p-12 text-white lg:flex">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-40 -left-32 size-[36rem] rounded-full bg-indigo-600/25 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-40 -bottom-48 size-[30rem] rounded-full bg-sky-500/10 blur-3xl"
        />
        <BrandName dark className="relative" />
        <div className="relative space-y-10">
          <div>
            <p className="text-sm font-medium tracking-wide text-indigo-300 uppercase">
              Venture debt, in tempo
            </p>
            <p className="mt-3 text-3xl leading-tight font-semibold tracking-tight">
              The deal platform for venture-debt lenders and growth investors.
            </p>
          </div>
          <ul className="space-y-6">
            {highlights.map(({ Icon, title: heading, text }) => (
              <li key={heading} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15">
                  <Icon aria-hidden="true" className="size-5 text-indigo-200" />
                </span>
                <div>
                  <p className="font-medium">{heading}</p>
                  <p className="mt-0.5 text-sm text-slate-300">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-slate-300">Open and self-hostable. Your data stays with you.</p>
      </aside>
      <main className="flex flex-1 flex-col items-center justify-center px-6 py-12 sm:px-10">
        <div className={wide ? 'w-full max-w-lg' : 'w-full max-w-md'}>
          <BrandName className="mb-10 lg:hidden" />
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1.5 text-sm text-slate-500">{subtitle}</p>
          <div className="mt-8">{children}</div>
        </div>
      </main>
    </div>
  );
}
