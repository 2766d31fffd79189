import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppUpdate } from '../lib/offline/app-update.ts';
import { AppUpdatePrompt } from './app-update-prompt.tsx';

describe('the app update prompt', () => {
  it('shows only once a new version waits, with Reload; Not now hides it', async () => {
    const store = createAppUpdate();
    render(
      <MantineProvider>
        <AppUpdatePrompt store={store} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    act(() => store.markReady());
    const prompt = screen.getByRole('status');
    expect(prompt.textContent).toContain('A new version of the portal is ready.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
