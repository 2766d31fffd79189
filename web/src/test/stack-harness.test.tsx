import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPracticeWith, createUser, type TestUser } from './factories.ts';
import { renderAppOnStack, useRealStack } from './stack-harness.tsx';

describe('the app on the real engine and actions service', () => {
  const stack = useRealStack();
  let manager: TestUser;
  let practice: { id: number };
  beforeAll(async () => {
    // A practice manager of exactly one practice.
    manager = await createUser(stack.sql, { firstName: 'Daniel', lastName: 'Costa' });
    practice = await createPracticeWith(stack.sql, { managers: [manager] });
  });

  it('signs in through the real sign-in endpoint and lands a single-practice PM on their practice', async () => {
    const view = await renderAppOnStack(stack, '/Login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), manager.email);
    await user.type(screen.getByLabelText(/^Password/), manager.password);
    await user.click(screen.getByRole('button', { name: /sign in/i }));
    await waitFor(() => expect(view.path()).toBe(`/PracticeOverview/${practice.id}/Staff`), {
      timeout: 5000,
    });
    expect(view.cookies.jar.get(new URL(stack.actionsUrl).origin)?.has('portal_refresh')).toBe(true);
  });

  it('restores a signed-in session from the refresh cookie on start', async () => {
    const view = await renderAppOnStack(stack, '/ChangePassword', { as: manager });
    expect(await screen.findByLabelText(/^Current password/)).toBeTruthy();
    expect(view.path()).toBe('/ChangePassword');
  });
});
