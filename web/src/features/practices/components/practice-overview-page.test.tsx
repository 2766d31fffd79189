import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { AppProvider } from '../../../app/provider.tsx';
import { RequireSignedIn } from '../../../app/routes/guards.tsx';
import { RootLayout } from '../../../app/routes/root-layout.tsx';
import { createPortalServices } from '../../../lib/services.tsx';
import {
  createAccreditation,
  createNetwork,
  createPracticeWith,
  createUser,
  type TestUser,
} from '../../../test/factories.ts';
import {
  installCookieJar,
  renderAppOnStack,
  signInOnStack,
  useRealStack,
} from '../../../test/stack-harness.tsx';
import { usePracticeContext } from '../index.ts';
import { PracticeOverviewRoute } from './practice-overview-page.tsx';

describe('the practice overview on the real stack', () => {
  const stack = useRealStack();
  let manager: TestUser;
  let admin: TestUser;
  /** The manager's: its Staff tab opens on the register. */
  let riverbend: { id: number; name: string };
  let southernCross: { id: number; name: string };
  /** Not the manager's; its Staff tab still shows the first-view intro. */
  let harbourside: { id: number; name: string };
  beforeAll(async () => {
    const { sql } = stack;
    manager = await createUser(sql);
    admin = await createUser(sql, { isAdmin: true });
    riverbend = await createPracticeWith(sql, {
      name: 'Riverbend Medical Centre',
      status: 'IN_PROGRESS',
      address: { street: '88 Boundary Street', suburb: 'West End', state: 'QLD', postcode: '4101' },
      network: await createNetwork(sql, 'Harbour & Coast Health Partners'),
      staffIntroSeen: true,
      managers: [manager],
    });
    await createAccreditation(sql, riverbend.id, { expiresIn: 400 });
    southernCross = await createPracticeWith(sql, {
      name: 'Southern Cross General Practice',
      status: 'ACCREDITED',
      managers: [manager],
    });
    await createAccreditation(sql, southernCross.id, { status: 'CLOSED', expiresIn: 150 });
    harbourside = await createPracticeWith(sql, {
      name: 'Harbourside Family Medical',
      status: 'IN_PROGRESS',
      managers: [await createUser(sql)],
    });
  }, 60_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens on the Staff tab, loads the practice and its flags, and hides the loading bar a second after', async () => {
    const view = await renderAppOnStack(stack, `/PracticeOverview/${riverbend.id}`, { as: manager });
    await waitFor(() => expect(view.path()).toBe(`/PracticeOverview/${riverbend.id}/Staff`), {
      timeout: 10_000,
    });
    // Plain DOM queries here: role queries are slow enough in jsdom to blur a one-second timing.
    const bar = () => document.querySelector('[role="progressbar"][aria-label="Loading practice"]');
    await waitFor(() => expect(bar()).not.toBeNull(), { timeout: 10_000 });
    await screen.findByText(riverbend.name, { selector: 'h1' }, { timeout: 10_000 });
    const loadedAt = Date.now();
    expect(bar()).not.toBeNull();
    await waitFor(() => expect(bar()).toBeNull(), { timeout: 3000, interval: 20 });
    expect(Date.now() - loadedAt).toBeGreaterThanOrEqual(800);
    expect(
      screen.getByText(/West End, QLD 4101 · Harbour & Coast Health Partners · Expires \d{2}\/\d{2}\/\d{4}/),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^Staff/, selected: true })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Practice details' }).getAttribute('href')).toBe(
      `/Practice/Details/${riverbend.id}`,
    );
  });

  it('switches tabs through the URL; Documents shows its folders and search, Accreditation starts with the self assessment (its first view)', async () => {
    const view = await renderAppOnStack(stack, `/PracticeOverview/${southernCross.id}/Staff`, {
      as: manager,
    });
    await screen.findByRole('heading', { name: southernCross.name }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(view.path()).toBe(`/PracticeOverview/${southernCross.id}/Documents`);
    expect(
      await screen.findByRole('searchbox', { name: 'Search all documents' }, { timeout: 10_000 }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Accreditation' }));
    expect(view.path()).toBe(`/PracticeOverview/${southernCross.id}/Accreditation`);
    expect(
      await screen.findByRole('heading', { name: 'Start Self Assessment' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('spec 000 §8: logs (to the server too) and goes back to the practice list when the permissions cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Harbourside is not one of the manager's practices: userPermissions refuses.
    const view = await renderAppOnStack(stack, `/PracticeOverview/${harbourside.id}/Staff`, {
      as: manager,
    });
    await waitFor(() => expect(view.path()).toBe('/Practice/List'), { timeout: 10_000 });
    const message = 'Permission load failure: could not open the practice';
    expect(logged).toHaveBeenCalledWith(message, expect.objectContaining({ practiceId: harbourside.id }));
    // Kept where a provider admin reads it (spec 000 §7 POST /utils/log/).
    await expect
      .poll(async () => {
        const { rows } = await stack.sql.query(
          "select severity, data->>'message' as message, (data->'details'->>'practiceId')::int as practice from client_logs where user_id = $1",
          [manager.id],
        );
        return rows;
      })
      .toEqual([{ severity: 'error', message, practice: harbourside.id }]);
    expect(
      await screen.findByText('This practice could not be opened. You may not have access to it.'),
    ).toBeTruthy();
    // Both loads fail (the practice is not visible and the flags are refused): one message.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      screen.getAllByText('This practice could not be opened. You may not have access to it.'),
    ).toHaveLength(1);
    expect(logged.mock.calls.filter(([first]) => first === message)).toHaveLength(1);
  });

  it('goes back to the list for an id that is not a practice', async () => {
    const view = await renderAppOnStack(stack, '/PracticeOverview/abc/Staff', { as: manager });
    await waitFor(() => expect(view.path()).toBe('/Practice/List'), { timeout: 10_000 });
  });

  it("switching practice starts from the new practice's first-view flags and forgets the totals", async () => {
    installCookieJar();
    await signInOnStack(stack, admin);
    function Probe() {
      const { practice, firstView, totals, setTotal, permissions } = usePracticeContext();
      return (
        <div>
          <p>probe of {practice.organisation.name}</p>
          <p>staff first view: {String(firstView.staff)}</p>
          <p>staff total: {totals.staff ?? 'none'}</p>
          <p>may change practice: {String(permissions.practice.changePractice)}</p>
          <button type="button" onClick={() => setTotal('staff', 12)}>
            count staff
          </button>
        </div>
      );
    }
    const router = createMemoryRouter(
      [
        {
          element: <RootLayout />,
          children: [
            {
              element: <RequireSignedIn />,
              children: [
                {
                  path: 'PracticeOverview/:id',
                  element: <PracticeOverviewRoute />,
                  children: [{ path: 'Staff', element: <Probe /> }],
                },
                { path: '*', element: <Outlet /> },
              ],
            },
          ],
        },
      ],
      { initialEntries: [`/PracticeOverview/${harbourside.id}/Staff`] },
    );
    const services = createPortalServices({
      apiUrl: stack.actionsUrl,
      graphqlUrl: stack.graphqlUrl,
      baseUrl: stack.actionsUrl,
      webSocketImpl: WebSocket,
    });
    render(
      <AppProvider services={services}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByText(`probe of ${harbourside.name}`, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('staff first view: true')).toBeTruthy();
    expect(screen.getByText('may change practice: true')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'count staff' }));
    expect(screen.getByText('staff total: 12')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^Staff\s*12$/ })).toBeTruthy();

    await router.navigate(`/PracticeOverview/${riverbend.id}/Staff`);
    expect(await screen.findByText(`probe of ${riverbend.name}`, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('staff first view: false')).toBeTruthy();
    expect(screen.getByText('staff total: none')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^Staff$/ })).toBeTruthy();
    cleanup();
  });
});
