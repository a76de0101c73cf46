import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Building2, ChevronDown, LogOut, Rss, Settings, User, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { focusRing } from '../../components/ui/focus.ts';
import { useAuth } from '../../features/auth/hooks/auth-context.ts';
import { displayName, initials, planLabel } from '../../lib/names.ts';

const itemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClasses}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

/** The top-bar account menu (spec 01 §2): the account and its entries, or the ways in. */
export function UserMenu() {
  const { user, isAdmin, logout } = useAuth();

  if (!user) {
    return (
      <div className="flex items-center gap-2">
        <Link to="/login" className={buttonClasses('ghost', 'sm')}>
          Sign In
        </Link>
        <Link to="/register" className={buttonClasses('primary', 'sm')}>
          Get Started
        </Link>
      </div>
    );
  }

  const name = displayName(user);
  const iconClass = 'size-4 text-slate-400';

  return (
    <DropdownMenu.Root>
      {/* The name comes from the visible text (WCAG 2.5.3): on narrow screens the name is read, not shown. */}
      <DropdownMenu.Trigger
        className={cn('flex items-center gap-2.5 rounded-full py-1 pr-2 pl-1 hover:bg-slate-100', focusRing)}
      >
        <Avatar text={initials(user)} />
        <span className="sr-only">Account menu for</span>{' '}
        <span className="sr-only text-left md:not-sr-only md:block">
          <span className="block max-w-40 truncate text-sm font-medium text-slate-900">{name}</span>
          {/* The organisation is shown again inside the menu; the button's name stays the person's. */}
          <span aria-hidden="true" className="block max-w-40 truncate text-xs text-slate-500">
            {user.organization.name}
          </span>
        </span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-slate-400 md:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-72 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <div className="flex items-start gap-3 px-2.5 py-2.5">
            <Avatar text={initials(user)} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
              <div className="mt-2 flex flex-wrap items-center gap-1.5">
                <span className="truncate text-xs font-medium text-slate-700">{user.organization.name}</span>
                <Badge tone="accent">{planLabel(user.organization.subscription_tier)}</Badge>
              </div>
            </div>
          </div>
          <DropdownMenu.Separator className="my-1.5 h-px bg-slate-100" />
          <MenuLink to="/profile" icon={<User aria-hidden="true" className={iconClass} />}>
            Your Profile
          </MenuLink>
          {isAdmin && (
            <MenuLink
              to="/organization/settings"
              icon={<Building2 aria-hidden="true" className={iconClass} />}
            >
              Organisation Settings
            </MenuLink>
          )}
          {isAdmin && (
            <MenuLink to="/organization/users" icon={<Users aria-hidden="true" className={iconClass} />}>
              Manage Users
            </MenuLink>
          )}
          {isAdmin && (
            <MenuLink to="/organization/sources" icon={<Rss aria-hidden="true" className={iconClass} />}>
              Feed Sources
            </MenuLink>
          )}
          <MenuLink to="/settings" icon={<Settings aria-hidden="true" className={iconClass} />}>
            Settings
          </MenuLink>
          <DropdownMenu.Separator className="my-1.5 h-px bg-slate-100" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => void logout()}>
            <LogOut aria-hidden="true" className={iconClass} />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
