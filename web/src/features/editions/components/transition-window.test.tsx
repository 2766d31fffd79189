import { formatDisplayDate } from '@portal/domain';
import { createTransition } from '@portal/testkit/edition-factories';
import { dayFromToday } from '@portal/testkit/row-factories';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import { createPortalServices } from '../../../lib/services.tsx';
import { GraphqlProvider } from '../../../lib/urql/graphql-provider.tsx';
import { createUser } from '../../../test/factories.ts';
import {
  installCookieJar,
  SCREEN_READY_TIMEOUT_MS,
  signInOnStack,
  useRealStack,
} from '../../../test/stack-harness.tsx';
import { EditionsView } from './editions-view.tsx';

/**
 * The transition window's dialog on the Editions screen (issue 30), on the real stack, rendered in
 * react-admin's context as editions-view.test.tsx renders the console's screens.
 */
describe('the transition window on the admin console’s Editions', () => {
  const stack = useRealStack();

  async function openAsAdmin() {
    const admin = await createUser(stack.sql, { isAdmin: true });
    installCookieJar();
    await signInOnStack(stack, admin);
    const services = createPortalServices({
      apiUrl: stack.actionsUrl,
      graphqlUrl: stack.graphqlUrl,
      baseUrl: stack.actionsUrl,
      webSocketImpl: WebSocket,
      leaveApp: () => {},
    });
    await services.session.refresh();
    render(
      <AppProvider services={services}>
        <GraphqlProvider>
          <AdminContext>
            <EditionsView previewPath={(id) => `/editions/${id}`} />
          </AdminContext>
        </GraphqlProvider>
      </AppProvider>,
    );
    await screen.findByRole('table', { name: 'Editions' }, { timeout: SCREEN_READY_TIMEOUT_MS });
  }

  const storedDates = async (editionId: number) =>
    (
      await stack.sql.query(
        'select opens_on::text as "opensOn", closes_on::text as "closesOn" from public.edition_transitions where to_version_id = $1',
        [editionId],
      )
    ).rows[0];

  it('opens from the newer edition’s row with its dates, moves them, and keeps a refusal in the dialog', async () => {
    const w = await createTransition(stack.sql, { opensIn: -10, closesIn: 20 });
    await openAsAdmin();
    const user = userEvent.setup();
    const row = screen.getByRole('row', { name: new RegExp(w.newer.code) });
    await user.click(within(row).getByRole('button', { name: 'Transition window' }));
    const dialog = await screen.findByRole('dialog', { name: `Transition window to ${w.newer.code}` });
    expect(within(dialog).getByText(new RegExp(`may use ${w.older.code} or ${w.newer.code}`))).toBeTruthy();
    const opens = within(dialog).getByLabelText(/^Opens on/) as HTMLInputElement;
    const closes = within(dialog).getByLabelText(/^Closes on/) as HTMLInputElement;
    expect([opens.value, closes.value]).toEqual([w.opensOn, w.closesOn]);

    // Closing before it opens: refused in the rule's words, nothing stored.
    await user.clear(closes);
    await user.type(closes, dayFromToday(-20));
    await user.click(within(dialog).getByRole('button', { name: 'Save window' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The window must close after it opens: choose a closing date after the opening date.',
    );
    expect(await storedDates(w.newer.id)).toEqual({ opensOn: w.opensOn, closesOn: w.closesOn });

    await user.clear(closes);
    await user.type(closes, dayFromToday(45));
    await user.click(within(dialog).getByRole('button', { name: 'Save window' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      `The transition window to ${w.newer.code} opens on ${formatDisplayDate(w.opensOn)} and closes on ${formatDisplayDate(dayFromToday(45))}.`,
    );
    expect(await storedDates(w.newer.id)).toEqual({ opensOn: w.opensOn, closesOn: dayFromToday(45) });
  });
});
