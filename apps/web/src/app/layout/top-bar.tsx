import { Menu } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useAuth } from '../../features/auth/hooks/auth-context.ts';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu.tsx';
import { SearchCombobox } from '../../features/search/components/search-combobox.tsx';
import { UserMenu } from './user-menu.tsx';

/** Results come quickly in the top bar: a short pause after typing, then the best 8. */
const TOP_BAR_DEBOUNCE_MS = 250;
const TOP_BAR_RESULTS = 8;

export function TopBar({ onOpenNavigation }: { onOpenNavigation: () => void }) {
  const navigate = useNavigate();
  const { user } = useAuth();

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
      <div role="search" className="max-w-md flex-1">
        <SearchCombobox
          label="Search"
          placeholder="Search companies, deals..."
          debounceMs={TOP_BAR_DEBOUNCE_MS}
          limit={TOP_BAR_RESULTS}
          inputClassName="bg-slate-50"
          // Enter with nothing found hands the text to the companies screen, which owns company search.
          onSubmitText={(text) => navigate(`/companies?search=${encodeURIComponent(text)}`)}
        />
      </div>
      <div className="ml-auto flex items-center gap-2">
        {user && <NotificationsMenu />}
        <UserMenu />
      </div>
    </header>
  );
}
