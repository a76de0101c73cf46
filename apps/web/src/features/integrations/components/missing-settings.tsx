import { cn } from '../../../components/ui/cn.ts';

export const NOT_CONFIGURED_TEXT = 'Not configured on this server';

/** A provider this server has no settings for (catalogue `configured` false), and which ones to set. */
export function MissingSettings({
  settings,
  className,
}: {
  settings: readonly string[];
  className?: string;
}) {
  return (
    <div className={cn('rounded-lg bg-slate-50 px-3 py-2 text-sm', className)}>
      <p className="font-medium text-slate-700">{NOT_CONFIGURED_TEXT}</p>
      {settings.length > 0 && (
        <p className="mt-0.5 text-slate-500">
          Set{' '}
          {settings.map((setting, index) => (
            <span key={setting}>
              {index > 0 && ', '}
              <code className="font-mono text-xs text-slate-700">{setting}</code>
            </span>
          ))}{' '}
          on the server to connect it.
        </p>
      )}
    </div>
  );
}
