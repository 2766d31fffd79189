// @vitest-environment jsdom
import './setup-dom.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAppOnStack, startTestStack, type TestStack } from './stack-harness.tsx';

describe('the app on the real engine and actions service', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('signs in through the real sign-in endpoint and lands a single-practice PM on their practice', async () => {
    const view = await renderAppOnStack(stack, '/Login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'pm.single@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'Demo-pass-1');
    await user.click(screen.getByRole('button', { name: /sign in/i }));
    const { rows } = await stack.sql.query<{ practice_id: number }>(
      `select pu.practice_id from practice_users pu join users u on u.id = pu.user_id where u.email = 'pm.single@demo.test'`,
    );
    await waitFor(() => expect(view.path()).toBe(`/PracticeOverview/${rows[0]?.practice_id}/Staff`), {
      timeout: 5000,
    });
    expect(view.cookies.jar.get(new URL(stack.actionsUrl).origin)?.has('portal_refresh')).toBe(true);
  });

  it('restores a signed-in session from the refresh cookie on start', async () => {
    const view = await renderAppOnStack(stack, '/ChangePassword', { as: 'pm@demo.test' });
    expect(await screen.findByLabelText(/^Current password/)).toBeTruthy();
    expect(view.path()).toBe('/ChangePassword');
  });
});
