import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TCurrentUser } from '../../lib/auth/current-user.ts';
import { type ContractServer, makeUser, startContractServer } from '../../test/contract-server.ts';
import { renderApp } from '../../test/render-app.tsx';

let server: ContractServer;
afterEach(() => server.close());

async function shellAs(user: TCurrentUser) {
  server = await startContractServer({ user });
  // A page that opens no GraphQL subscription: the contract server speaks no WebSocket, and the
  // shell is the same on every page.
  const app = renderApp(server, '/ChangePassword', { signedIn: true });
  await screen.findByRole('heading', { name: 'Change password' });
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

/** A practice manager's drawer. */
const PM_DRAWER = [
  'Dashboard',
  'Practices',
  'Management Report',
  'Analytics Report',
  'Comparative Report',
  'Resources',
  'Factsheets',
  'Webinars',
] as const;

describe('app shell', () => {
  it('spec 000 §2: shows the drawer with practices and reports to practice managers', async () => {
    await shellAs(makeUser());
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([...PM_DRAWER]);
  });

  it('lists every report to the back office', async () => {
    await shellAs(makeUser({ practices: [], flags: { qam: true, isPracticeManager: false } }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Practices',
      'Survey planning',
      'Management Report',
      'Analytics Report',
      'Comparative Report',
      'Resources',
      'Factsheets',
      'Webinars',
    ]);
  });

  it('spec 000 §2: shows a surveyor the management and analytics reports', async () => {
    await shellAs(makeUser({ flags: { surveyor: true, isPracticeManager: false } }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('Reports')).toBeTruthy();
    expect(
      within(nav)
        .getAllByRole('link', { name: /Report$/ })
        .map((link) => link.textContent),
    ).toEqual(['Management Report', 'Analytics Report']);
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

  it('offers Survey Offers to surveyors, a page of the app', async () => {
    await shellAs(makeUser({ flags: { surveyor: true, isPracticeManager: false } }));
    expect(await menuItems()).toEqual(['Survey Offers', 'Account Settings', 'Change Password', 'Sign out']);
    const offers = screen.getByRole('menuitem', { name: 'Survey Offers', hidden: true });
    expect(offers.getAttribute('href')).toBe('/SurveyVisits/Offers');
    expect(offers.getAttribute('target')).toBeNull();
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

/** jsdom's window is 1024 px wide; these tests set another width and tell the app. */
function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}
const burger = () => screen.getByRole('button', { name: /^(Show|Hide) navigation$/ });
const overlayNav = () => screen.queryByRole('dialog', { name: 'Navigation' });

describe('the navigation on a tablet (below 1024 px)', () => {
  beforeEach(() => resizeTo(768));
  afterEach(() => resizeTo(1024));

  async function openNav() {
    await userEvent.setup().click(burger());
    const dialog = await screen.findByRole('dialog', { name: 'Navigation' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    return dialog;
  }

  it('starts closed; the burger opens it over the page and focus moves into it', async () => {
    await shellAs(makeUser());
    expect(burger().getAttribute('aria-label')).toBe('Show navigation');
    expect(burger().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    const dialog = await openNav();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(burger().getAttribute('aria-label')).toBe('Hide navigation');
    expect(burger().getAttribute('aria-expanded')).toBe('true');
    expect(burger().getAttribute('aria-controls')).toBe(dialog.id);
    expect(
      within(within(dialog).getByRole('navigation', { name: 'Main navigation' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([...PM_DRAWER]);
    // The page is not laid out beside a navbar: the shell has none.
    expect(document.querySelector('.mantine-AppShell-navbar')).toBeNull();
  });

  it('closes on Escape, focus back on the burger', async () => {
    await shellAs(makeUser());
    await openNav();
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(overlayNav()).toBeNull());
    expect(document.activeElement).toBe(burger());
    expect(burger().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a click on the scrim', async () => {
    await shellAs(makeUser());
    await openNav();
    const scrim = document.querySelector<HTMLElement>('.mantine-Drawer-overlay')!;
    await userEvent.setup().click(scrim);
    await waitFor(() => expect(overlayNav()).toBeNull());
    expect(document.activeElement).toBe(burger());
  });

  it('closes after following a link, on the new page', async () => {
    const app = await shellAs(makeUser());
    const dialog = await openNav();
    await userEvent.setup().click(within(dialog).getByRole('link', { name: 'Comparative Report' }));
    await waitFor(() => expect(app.path()).toBe('/Reports/Comparative'));
    await waitFor(() => expect(overlayNav()).toBeNull());
    expect(document.activeElement).toBe(burger());
  });

  it('closes when something else in the header is used', async () => {
    await shellAs(makeUser());
    await openNav();
    await userEvent.setup().click(screen.getByRole('button', { name: /Account menu/ }));
    await waitFor(() => expect(overlayNav()).toBeNull());
  });

  it('turns into the navigation beside the page when the window grows past 1024 px', async () => {
    await shellAs(makeUser());
    await openNav();
    resizeTo(1280);
    await waitFor(() => expect(overlayNav()).toBeNull());
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(burger().getAttribute('aria-expanded')).toBe('true');
  });
});

describe('the navigation on a desktop (1024 px and wider)', () => {
  it('starts open beside the page; the burger collapses it out of reach and back', async () => {
    await shellAs(makeUser());
    const navbar = document.querySelector<HTMLElement>('.mantine-AppShell-navbar')!;
    expect(navbar.contains(screen.getByRole('navigation', { name: 'Main navigation' }))).toBe(true);
    expect(burger().getAttribute('aria-expanded')).toBe('true');
    expect(burger().getAttribute('aria-controls')).toBe(navbar.id);
    expect(navbar.hasAttribute('inert')).toBe(false);

    await userEvent.setup().click(burger());
    expect(burger().getAttribute('aria-label')).toBe('Show navigation');
    expect(burger().getAttribute('aria-expanded')).toBe('false');
    // Collapsed it only slides out of view: inert keeps its links from Tab and screen readers.
    expect(navbar.hasAttribute('inert')).toBe(true);
    expect(overlayNav()).toBeNull();

    await userEvent.setup().click(burger());
    expect(burger().getAttribute('aria-expanded')).toBe('true');
    expect(navbar.hasAttribute('inert')).toBe(false);
  });
});
