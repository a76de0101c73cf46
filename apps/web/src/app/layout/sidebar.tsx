import { Link } from 'react-router';
import { BrandName } from '../../components/brand-mark.tsx';
import { focusRing } from '../../components/ui/focus.ts';
import { NavItem, type NavItemGuide } from './nav-item.tsx';
import { NAV_ITEMS } from './nav-items.ts';

export interface SidebarProps {
  /** Onboarding guidance per item path; absent items are available. */
  guides?: Partial<Record<string, NavItemGuide>>;
  onNavigate?: () => void;
}

export function Sidebar({ guides = {}, onNavigate }: SidebarProps) {
  return (
    <div className="flex h-full w-64 flex-col border-r border-slate-200 bg-white">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link to="/" aria-label="Atempo home" onClick={onNavigate} className={`rounded-lg ${focusRing}`}>
          <BrandName />
        </Link>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavItem item={item} guide={guides[item.to]} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
