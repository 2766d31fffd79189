import { codeAt } from '@portal/testkit/two-factor';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

describe('Set up two-factor sign-in (the provider’s policy per role) on the real stack', () => {
  const stack = useRealStack();

  it('spec-silent (accounts-and-sessions "A policy per role"): a QAM without a factor is led to set one up before anything else, then lands where they were going', async () => {
    await stack.sql.query('update provider_settings set require_two_factor_qam = true');
    const qam = await createUser(stack.sql, { firstName: 'Helen', lastName: 'Murray', isQam: true });
    const view = await renderAppOnStack(stack, `/AccountSettings/${qam.id}`, { as: qam });

    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    // Nothing of the app around it (no navigation, no account form).
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByLabelText(/^First name/)).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    const key = (await screen.findByTestId('totp-key')).textContent!.replace(/\s/g, '');
    await user.type(screen.getByLabelText(/^Authentication code/), codeAt(key));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const codes = await screen.findByRole('list');
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(await screen.findByLabelText(/^First name/)).toBeTruthy();
    expect(view.path()).toBe(`/AccountSettings/${qam.id}`);
    expect(screen.queryByRole('heading', { name: 'Set up two-factor sign-in' })).toBeNull();
  });
});
