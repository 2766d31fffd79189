import { SURVEY_OFFERS_PATH } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

// Mantine's dropdowns count as hidden in jsdom (no layout): their contents are found by text or with `hidden: true`.
describe('the notification bell, on the real stack', () => {
  const stack = useRealStack();

  it("shows a new notification live, opens its screen and marks it read; never another user's", async () => {
    const surveyor = await createUser(stack.sql, { isSurveyor: true });
    const other = await createUser(stack.sql);
    await stack.sql.query(
      `insert into notifications (user_id, kind, title, link) values ($1, 'REVIEW_NOTICE', 'Not yours', '/Dashboard')`,
      [other.id],
    );
    const view = await renderAppOnStack(stack, '/Dashboard', { as: surveyor });
    const bell = await screen.findByRole(
      'button',
      { name: 'Notifications, none unread' },
      { timeout: 15_000 },
    );

    // An offer made now reaches the open page by subscription.
    await stack.sql.query(
      `insert into notifications (user_id, kind, title, link) values ($1, 'SURVEY_OFFER', 'Survey offer: Wattle Grove Clinic', $2)`,
      [surveyor.id, SURVEY_OFFERS_PATH],
    );
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notifications, 1 unread'), {
      timeout: 15_000,
    });
    const user = userEvent.setup();
    await user.click(bell);
    const title = await screen.findByText('Survey offer: Wattle Grove Clinic', {}, { timeout: 10_000 });
    const item = title.closest('button')!;
    const dialog = item.closest<HTMLElement>('[role="dialog"]')!;
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Notifications',
    );
    expect(within(dialog).queryByText('Not yours')).toBeNull();
    expect(item.textContent).toMatch(/^Unread: /);
    await user.click(item);
    await waitFor(() => expect(view.path()).toBe(SURVEY_OFFERS_PATH));
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notifications, none unread'), {
      timeout: 15_000,
    });
    const { rows } = await stack.sql.query(
      `select user_id, read_at is not null as read from notifications where kind = 'SURVEY_OFFER' and user_id = $1`,
      [surveyor.id],
    );
    expect(rows).toEqual([{ user_id: surveyor.id, read: true }]);
    const theirs = await stack.sql.query(`select read_at from notifications where user_id = $1`, [other.id]);
    expect(theirs.rows).toEqual([{ read_at: null }]);
  }, 60_000);

  it('marks all as read', async () => {
    const manager = await createUser(stack.sql);
    for (const title of ['First', 'Second'])
      await stack.sql.query(
        `insert into notifications (user_id, kind, title, link) values ($1, 'REVIEW_NOTICE', $2, '/Dashboard')`,
        [manager.id, title],
      );
    await renderAppOnStack(stack, '/Dashboard', { as: manager });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(bell);
    // The list, then its dialog (jsdom counts Mantine's dropdown as hidden and names it late).
    const second = await screen.findByText('Second', {}, { timeout: 10_000 });
    const dialog = second.closest<HTMLElement>('[role="dialog"]')!;
    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read', hidden: true }));
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notifications, none unread'), {
      timeout: 15_000,
    });
  }, 60_000);
});
