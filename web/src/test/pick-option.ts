import { waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Opens a Mantine select and clicks the option named `name` in ITS own list (every select keeps
 * its options in the page, so a page-wide search could hit another select's option).
 */
export async function pickOption(
  user: ReturnType<typeof userEvent.setup>,
  input: HTMLElement,
  name: string | RegExp,
): Promise<void> {
  await user.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  await user.click(await within(list).findByRole('option', { name, hidden: true }));
}
