import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScreenGuard, SMALL_SCREEN_MESSAGE, UNSUPPORTED_BROWSER_MESSAGE } from './screen-guard.tsx';

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

describe('ScreenGuard on a narrow moment', () => {
  function setWidth(width: number) {
    act(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
      window.dispatchEvent(new Event('resize'));
    });
  }

  afterEach(() => setWidth(1024));

  it('spec 000 §9 (minimum width 768 px): the message shows over the app, which keeps its state', () => {
    setWidth(1024);
    render(
      <MantineProvider>
        <ScreenGuard userAgent="Chrome/126">
          <label>
            Notes <input defaultValue="" />
          </label>
        </ScreenGuard>
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Notes' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'typed before the resize' } });

    setWidth(700);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(SMALL_SCREEN_MESSAGE);
    // The app is still mounted, out of reach underneath the message.
    expect(input.isConnected).toBe(true);
    expect(input.closest('[inert]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Notes' })).toBeNull();

    setWidth(900);
    expect(screen.queryByText(SMALL_SCREEN_MESSAGE)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toBe(input);
    expect(input.value).toBe('typed before the resize');
    expect(input.closest('[inert]')).toBeNull();
  });
});
