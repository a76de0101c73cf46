import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { lockedTooltip } from './nav-item.tsx';
import { Sidebar } from './sidebar.tsx';

function renderSidebar(path: string, guides = {}) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <TooltipProvider>
        <Sidebar guides={guides} />
      </TooltipProvider>
    </MemoryRouter>,
  );
}

describe('Sidebar', () => {
  it('lists the seven sections in order with their paths', () => {
    renderSidebar('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/'],
      ['Deals', '/deals'],
      ['Companies', '/companies'],
      ['Intelligence', '/intelligence'],
      ['Knowledge Hub', '/knowledge'],
      ['Data Integrations', '/integrations'],
      ['Settings', '/settings'],
    ]);
  });

  it('marks the current section, including nested pages and /dashboard', () => {
    renderSidebar('/deals/42/intelligence');
    expect(screen.getByRole('link', { name: 'Deals' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('treats /dashboard as the Dashboard item', () => {
    renderSidebar('/dashboard');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('renders the onboarding states it is given', () => {
    renderSidebar('/', {
      '/deals': { state: 'locked', requiredSteps: ['Data Integrations', 'Settings'] },
      '/settings': { state: 'next' },
      '/integrations': { state: 'done' },
    });
    expect(screen.queryByRole('link', { name: /Deals/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Deals\s*\(locked\)$/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('link', { name: /^Settings\s*Next$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Data Integrations\s*\(done\)$/ })).toBeInTheDocument();
    expect(lockedTooltip(['Data Integrations', 'Settings'])).toBe(
      'Complete Data Integrations and Settings first',
    );
    expect(lockedTooltip(['A', 'B', 'C'])).toBe('Complete A, B and C first');
  });
});
