// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TCurrentUser } from '../../lib/auth/current-user.ts';
import { type ContractServer, makeUser, startContractServer } from '../../test/contract-server.ts';
import { renderApp } from '../../test/render-app.tsx';

let server: ContractServer;
afterEach(() => server.close());

async function shellAs(user: TCurrentUser) {
  server = await startContractServer({ user });
  const app = renderApp(server, '/Dashboard', { signedIn: true });
  await screen.findByRole('heading', { name: 'Dashboard' });
  return app;
}

async function menuItems() {
  await userEvent.setup().click(screen.getByRole('button', { name: /Account menu/ }));
  // The dropdown is in the DOM at once; jsdom never finishes its opening transition.
  const menu = await screen.findByRole('menu', { hidden: true });
  return within(menu)
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => item.textContent);
}

describe('app shell', () => {
  it('shows the drawer with practices and reports to practice managers', async () => {
    await shellAs(makeUser());
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Practices', 'Management Report', 'Analytics Report']);
  });

  it('hides practices and reports from new users', async () => {
    await shellAs(makeUser({ practices: [], flags: { newUser: true, isPracticeManager: false } }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard']);
    expect(within(nav).queryByText('Reports')).toBeNull();
  });

  it('offers Add practice to single-practice users only', async () => {
    await shellAs(
      makeUser({ practices: [{ id: 1, name: 'One', roles: ['PM'] }], flags: { singlePractice: true } }),
    );
    expect(await menuItems()).toEqual(['Add practice', 'Account Settings', 'Change Password', 'Sign out']);
    expect(screen.queryByRole('link', { name: 'Admin area' })).toBeNull();
  });

  it('offers Survey Offers to surveyors, in a new tab', async () => {
    await shellAs(makeUser({ flags: { surveyor: true, isPracticeManager: false } }));
    expect(await menuItems()).toEqual(['Survey Offers', 'Account Settings', 'Change Password', 'Sign out']);
    const offers = screen.getByRole('menuitem', { name: 'Survey Offers', hidden: true });
    expect(offers.getAttribute('href')).toBe('/offer/surveyor/');
    expect(offers.getAttribute('target')).toBe('_blank');
  });

  it('shows admins the admin area link', async () => {
    await shellAs(makeUser({ practices: [], flags: { admin: true, isPracticeManager: false } }));
    const admin = screen.getByRole('link', { name: 'Admin area' });
    expect(admin.getAttribute('href')).toBe('/admin-mnqa/');
    expect(await menuItems()).toEqual(['Account Settings', 'Change Password', 'Sign out']);
  });

  it('signs out from the menu and goes to Login', async () => {
    const app = await shellAs(makeUser());
    await userEvent.setup().click(screen.getByRole('button', { name: /Account menu/ }));
    await userEvent.setup().click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(app.path()).toBe('/Login'));
    expect(server.count('/api/auth/logout')).toBe(1);
  });

  it('shows the footer with the help phone and support e-mail', async () => {
    await shellAs(makeUser());
    expect(screen.getByRole('link', { name: '1300 000 000' }).getAttribute('href')).toBe('tel:1300000000');
    expect(screen.getByRole('link', { name: 'support@example.org' })).toBeTruthy();
  });
});
