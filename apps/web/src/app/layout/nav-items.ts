import {
  BookOpen,
  Briefcase,
  Building2,
  LayoutDashboard,
  type LucideIcon,
  Plug,
  Radar,
  Settings,
} from 'lucide-react';

export interface NavItemConfig {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Route patterns that mark the item active (the first is its own path). */
  match: { path: string; end: boolean }[];
}

/** The sidebar of spec 01 §2, in order. */
export const NAV_ITEMS: readonly NavItemConfig[] = [
  {
    to: '/',
    label: 'Dashboard',
    icon: LayoutDashboard,
    match: [
      { path: '/', end: true },
      { path: '/dashboard', end: true },
    ],
  },
  { to: '/deals', label: 'Deals', icon: Briefcase, match: [{ path: '/deals', end: false }] },
  { to: '/companies', label: 'Companies', icon: Building2, match: [{ path: '/companies', end: false }] },
  { to: '/intelligence', label: 'Intelligence', icon: Radar, match: [{ path: '/intelligence', end: false }] },
  { to: '/knowledge', label: 'Knowledge Hub', icon: BookOpen, match: [{ path: '/knowledge', end: false }] },
  {
    to: '/integrations',
    label: 'Data Integrations',
    icon: Plug,
    match: [{ path: '/integrations', end: false }],
  },
  { to: '/settings', label: 'Settings', icon: Settings, match: [{ path: '/settings', end: false }] },
];
