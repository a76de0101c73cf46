import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** A two-column list of labelled values; facts without a value are left out. */
export function FactList({ facts, label }: { facts: Fact[]; label: string }) {
  const known = facts.filter((fact) => fact.value !== null && fact.value !== undefined && fact.value !== '');
  if (known.length === 0) return <p className="text-sm text-slate-400">Nothing recorded yet.</p>;
  return (
    <dl aria-label={label} className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {known.map((fact) => (
        <div key={fact.label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{fact.label}</dt>
          <dd className="mt-0.5 truncate text-sm text-slate-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TabSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** The empty state of a tab: an icon, what is missing and where it would come from. */
export function EmptyTab({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center py-10 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-slate-100">
        <Icon aria-hidden="true" className="size-5 text-slate-500" />
      </span>
      <p className="mt-3 text-sm font-medium text-slate-900">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-slate-500">{text}</p>
    </div>
  );
}
