// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { DEMO_PASSWORD } from '../../../../../actions/src/test-support/test-stack.ts';
import { AppProvider } from '../../../app/provider.tsx';
import { RequireSignedIn } from '../../../app/routes/guards.tsx';
import { RootLayout } from '../../../app/routes/root-layout.tsx';
import { createPortalServices } from '../../../lib/services.tsx';
import {
  installCookieJar,
  renderAppOnStack,
  startTestStack,
  type TestStack,
} from '../../../test/stack-harness.tsx';
import { usePracticeContext } from '../index.ts';
import { PracticeOverviewRoute } from './practice-overview-page.tsx';

describe('the practice overview on the real stack', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  }, 90_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('opens on the Staff tab, loads the practice and its flags, and hides the loading bar a second after', async () => {
    const view = await renderAppOnStack(stack, '/PracticeOverview/2', { as: 'pm@demo.test' });
    await waitFor(() => expect(view.path()).toBe('/PracticeOverview/2/Staff'), { timeout: 10_000 });
    // Plain DOM queries here: role queries are slow enough in jsdom to blur a one-second timing.
    const bar = () => document.querySelector('[role="progressbar"][aria-label="Loading practice"]');
    await waitFor(() => expect(bar()).not.toBeNull(), { timeout: 10_000 });
    await screen.findByText('Riverbend Medical Centre', { selector: 'h1' }, { timeout: 10_000 });
    const loadedAt = Date.now();
    expect(bar()).not.toBeNull();
    await waitFor(() => expect(bar()).toBeNull(), { timeout: 3000, interval: 20 });
    expect(Date.now() - loadedAt).toBeGreaterThanOrEqual(800);
    expect(
      screen.getByText(/West End, QLD 4101 · Harbour & Coast Health Partners · Expires \d{2}\/\d{2}\/\d{4}/),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^Staff/, selected: true })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Practice details' }).getAttribute('href')).toBe(
      '/Practice/Details/2',
    );
  });

  it('switches tabs through the URL; Documents says it comes later, Accreditation lists the assessments', async () => {
    const view = await renderAppOnStack(stack, '/PracticeOverview/3/Staff', { as: 'pm@demo.test' });
    await screen.findByRole('heading', { name: 'Southern Cross General Practice' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(view.path()).toBe('/PracticeOverview/3/Documents');
    expect(await screen.findByText('Coming in a later release', {}, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Accreditation' }));
    expect(view.path()).toBe('/PracticeOverview/3/Accreditation');
    expect(await screen.findByRole('heading', { name: 'Assessments' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('logs and goes back to the practice list when the permissions cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Derwent Valley is not one of pm's practices: userPermissions refuses.
    const view = await renderAppOnStack(stack, '/PracticeOverview/7/Staff', { as: 'pm@demo.test' });
    await waitFor(() => expect(view.path()).toBe('/Practice/List'), { timeout: 10_000 });
    expect(logged).toHaveBeenCalledWith('Could not open practice 7', expect.anything());
    expect(
      await screen.findByText('This practice could not be opened. You may not have access to it.'),
    ).toBeTruthy();
    // Both loads fail (the practice is not visible and the flags are refused): one message.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      screen.getAllByText('This practice could not be opened. You may not have access to it.'),
    ).toHaveLength(1);
    expect(logged.mock.calls.filter(([message]) => message === 'Could not open practice 7')).toHaveLength(1);
  });

  it('goes back to the list for an id that is not a practice', async () => {
    const view = await renderAppOnStack(stack, '/PracticeOverview/abc/Staff', { as: 'pm@demo.test' });
    await waitFor(() => expect(view.path()).toBe('/Practice/List'), { timeout: 10_000 });
  });

  it("switching practice starts from the new practice's first-view flags and forgets the totals", async () => {
    installCookieJar();
    const signIn = await fetch(`${stack.actionsUrl}/auth/login`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
    });
    expect(signIn.ok).toBe(true);
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
      { initialEntries: ['/PracticeOverview/1/Staff'] },
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
    expect(
      await screen.findByText('probe of Harbourside Family Medical', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('staff first view: true')).toBeTruthy();
    expect(screen.getByText('may change practice: true')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'count staff' }));
    expect(screen.getByText('staff total: 12')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^Staff\s*12$/ })).toBeTruthy();

    await router.navigate('/PracticeOverview/2/Staff');
    expect(
      await screen.findByText('probe of Riverbend Medical Centre', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('staff first view: false')).toBeTruthy();
    expect(screen.getByText('staff total: none')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^Staff$/ })).toBeTruthy();
    cleanup();
  });
});
