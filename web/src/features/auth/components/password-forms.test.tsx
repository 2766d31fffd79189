import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ContractServer, startContractServer } from '../../../test/contract-server.ts';
import { renderApp } from '../../../test/render-app.tsx';

let server: ContractServer;
beforeEach(async () => {
  server = await startContractServer();
});
afterEach(() => server.close());

const errorOf = (label: RegExp) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby') ?? '';
  return id
    .split(' ')
    .map((part) => document.getElementById(part))
    .find((element) => element?.className.includes('error'))?.textContent;
};

describe('password rules (spec 000 §5)', () => {
  it('sign-up shows Required., Min 8 characters, Max 16 characters and a mismatch', async () => {
    renderApp(server, '/signup');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(errorOf(/^Password/)).toBe('Required.');
    expect(errorOf(/^First name/)).toBe('Required.');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(errorOf(/^Password/)).toBe('Min 8 characters');
    await user.type(screen.getByLabelText(/^Password/), '-and-much-too-long');
    await user.type(screen.getByLabelText(/^Confirm password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(errorOf(/^Password/)).toBe('Max 16 characters');
    expect(errorOf(/^Confirm password/)).toBe('Passwords do not match.');
    expect(server.count('/api/auth/register')).toBe(0);
  });

  it('change password checks the new password and not the current one', async () => {
    renderApp(server, '/ChangePassword/', { signedIn: true });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current password/), 'old');
    await user.type(screen.getByLabelText(/^New password/), '1234567');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(errorOf(/^Current password/)).toBeUndefined();
    expect(errorOf(/^New password/)).toBe('Min 8 characters');
    expect(errorOf(/^Confirm new password/)).toBe('Required.');
  });
});
