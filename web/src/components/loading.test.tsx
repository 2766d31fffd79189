import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Loading } from './loading.tsx';

describe('the loading spinner', () => {
  it('is a status named by what loads, which a screen reader announces', () => {
    render(
      <MantineProvider>
        <Loading size="sm" label="Loading your details" />
      </MantineProvider>,
    );
    const status = screen.getByRole('status', { name: 'Loading your details' });
    // A label on an element with no role is a name nothing reads (axe: aria-prohibited-attr).
    expect(status.getAttribute('role')).toBe('status');
  });
});
