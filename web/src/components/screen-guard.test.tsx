import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScreenGuard, UNSUPPORTED_BROWSER_MESSAGE } from './screen-guard.tsx';

const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('ScreenGuard', () => {
  it('shows its message as the page: a main landmark, its heading, announced as an alert', () => {
    render(
      <MantineProvider>
        <ScreenGuard userAgent={SAFARI}>
          <p>The app</p>
        </ScreenGuard>
      </MantineProvider>,
    );
    expect(screen.queryByText('The app')).toBeNull();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe(UNSUPPORTED_BROWSER_MESSAGE);
    expect(within(main).getByRole('alert').textContent).toBe(UNSUPPORTED_BROWSER_MESSAGE);
  });
});
