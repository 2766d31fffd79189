import { MantineProvider, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

describe('the theme’s component defaults, rendered', () => {
  it('a dialog is named by its title, its Close is named, and its header is no second banner', async () => {
    render(
      <MantineProvider theme={theme}>
        <header>The page’s own header</header>
        <Modal opened onClose={() => undefined} title="Delete User" transitionProps={{ duration: 0 }}>
          Body
        </Modal>
      </MantineProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    expect(dialog.querySelector('button[aria-label="Close"]')).not.toBeNull();
    // The page's header is the one banner; the dialog's header is only a container.
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(dialog.querySelector('header')?.getAttribute('role')).toBe('presentation');
  });
});
