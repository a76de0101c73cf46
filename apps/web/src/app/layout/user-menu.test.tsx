import type { TMeResponse } from '@atempo/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/auth-context.ts';
import { makeMe } from '../../test/fake-api.ts';
import { UserMenu } from './user-menu.tsx';

function renderMenu(user: TMeResponse | null, logout = vi.fn(async () => undefined)) {
  const value: AuthContextValue = {
    status: user ? 'authenticated' : 'unauthenticated',
    user,
    isAdmin: user?.role === 'admin',
    signedOut: false,
    login: vi.fn(),
    registerOrganization: vi.fn(),
    registerUser: vi.fn(),
    logout,
    acceptSignIn: vi.fn(),
  };
  render(
    <AuthContext.Provider value={value}>
      <MemoryRouter>
        <UserMenu />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  return { logout };
}

async function openMenu(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: `Account menu for ${name}` }));
  return { user, menu: await screen.findByRole('menu') };
}

describe('User menu', () => {
  it('shows the account without emoji, the initials, organisation, email and plan', async () => {
    renderMenu(makeMe({ first_name: 'Ada 🚀', last_name: 'Lovelace' }, { subscription_tier: 'startup' }));
    const { menu } = await openMenu('Ada Lovelace');
    expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('AL')).toBeInTheDocument();
    expect(within(menu).getByText('Northbridge Capital')).toBeInTheDocument();
    expect(within(menu).getByText('ada@northbridge.example')).toBeInTheDocument();
    expect(within(menu).getByText('Startup Plan')).toBeInTheDocument();
    expect(screen.queryByText(/🚀/)).not.toBeInTheDocument();
  });

  it('gives an admin the organisation entries', async () => {
    renderMenu(makeMe({ role: 'admin' }));
    const { menu } = await openMenu('Ada Lovelace');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Your Profile',
      'Organisation Settings',
      'Manage Users',
      'Feed Sources',
      'Settings',
      'Sign Out',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Your Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Organisation Settings' })).toHaveAttribute(
      'href',
      '/organization/settings',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Manage Users' })).toHaveAttribute(
      'href',
      '/organization/users',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Feed Sources' })).toHaveAttribute(
      'href',
      '/organization/sources',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('leaves the organisation entries out for a member', async () => {
    renderMenu(
      makeMe({ role: 'member', first_name: 'Grace', last_name: 'Hopper' }, { subscription_tier: 'trial' }),
    );
    const { menu } = await openMenu('Grace Hopper');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Your Profile', 'Settings', 'Sign Out']);
    expect(within(menu).getByText('Trial Plan')).toBeInTheDocument();
  });

  it('signs out from the menu', async () => {
    const { logout } = renderMenu(makeMe());
    const { user, menu } = await openMenu('Ada Lovelace');
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('offers Sign In and Get Started when signed out', () => {
    renderMenu(null);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });
});
