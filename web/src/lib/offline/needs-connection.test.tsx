import { Button, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { needsConnectionMessage, requireConnection, useNeedsConnection } from './needs-connection.ts';
import { createNetworkStatus } from './network-status.ts';

function SubmitButton({
  store,
  onSubmit,
}: {
  store: ReturnType<typeof createNetworkStatus>;
  onSubmit(): void;
}) {
  const connection = useNeedsConnection('Submitting', store);
  return <Button onClick={connection.guard(onSubmit)}>Submit for review</Button>;
}

function renderButton(store: ReturnType<typeof createNetworkStatus>) {
  const pressed: string[] = [];
  render(
    <MantineProvider>
      <Notifications />
      <SubmitButton store={store} onSubmit={() => pressed.push('submitted')} />
    </MantineProvider>,
  );
  return pressed;
}

describe('what needs a connection says so', () => {
  it('words each case as the offline contract does', () => {
    expect(needsConnectionMessage('Signing the agreement')).toBe(
      'Signing the agreement needs a connection. Try again when you are back online.',
    );
    expect(needsConnectionMessage('Downloading')).toBe(
      'Downloading needs a connection. Try again when you are back online.',
    );
  });

  it('offline: the control stays enabled, pressing it only says why; online again it acts', async () => {
    const store = createNetworkStatus(false);
    const pressed = renderButton(store);
    const button = screen.getByRole('button', { name: 'Submit for review' });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    await userEvent.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Submitting needs a connection. Try again when you are back online.');
    expect(pressed).toEqual([]);

    // Back online: the alert goes, and the control does its work.
    act(() => store.reportNetworkSuccess());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await userEvent.click(button);
    expect(pressed).toEqual(['submitted']);
  });

  it('requireConnection answers whether to go ahead', () => {
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    expect(requireConnection('Downloading', createNetworkStatus(true))).toBe(true);
    expect(requireConnection('Downloading', createNetworkStatus(false))).toBe(false);
  });
});
