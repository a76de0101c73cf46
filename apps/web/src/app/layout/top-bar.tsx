import { Menu, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { inputClasses } from '../../components/ui/input.tsx';
import { useAuth } from '../../features/auth/hooks/auth-context.ts';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu.tsx';
import { UserMenu } from './user-menu.tsx';

export function TopBar({ onOpenNavigation }: { onOpenNavigation: () => void }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const { user } = useAuth();

  // Search lands on the companies screen, which owns company and deal search.
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = query.trim();
    if (term) navigate(`/companies?search=${encodeURIComponent(term)}`);
  }

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-4 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6 lg:px-8">
      <Button
        variant="ghost"
        size="sm"
        className="lg:hidden"
        aria-label="Open navigation"
        onClick={onOpenNavigation}
      >
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is still unknown to some supported browsers */}
      <form role="search" onSubmit={search} className="relative max-w-md flex-1">
        <label htmlFor="global-search" className="sr-only">
          Search
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id="global-search"
          type="search"
          placeholder="Search companies, deals..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={cn(inputClasses, 'bg-slate-50 pl-9')}
        />
      </form>
      <div className="ml-auto flex items-center gap-2">
        {user && <NotificationsMenu />}
        <UserMenu />
      </div>
    </header>
  );
}
