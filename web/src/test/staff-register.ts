import { screen, waitFor, within } from '@testing-library/react';
import { renderAppOnStack, type SignIn, type TestStack } from './stack-harness.tsx';

/** The register's row in edit (there is at most one). */
export const editRow = (table: HTMLElement): HTMLElement =>
  table.querySelector<HTMLElement>('tr[aria-label="Row in edit"]')!;

/**
 * Waits for Save to close the row in edit (a save and its refetch on the real stack, beside other
 * files on two cores, have taken over 10 s). If it never closes, the failure says what a
 * notification said, when one did (a refused or failed save).
 */
export async function waitForRowSaved(table: HTMLElement): Promise<void> {
  await waitFor(
    () => {
      if (!editRow(table)) return;
      const notice = document.querySelector('.mantine-Notification-root')?.textContent;
      throw new Error(
        `Save did not close the row in edit${notice ? `; a notification said: ${notice}` : ''}`,
      );
    },
    { timeout: 20_000 },
  );
}

/**
 * Renders the app on a practice's Staff tab as `as` and waits until the register shows `showing`
 * (a surname on its first page), so the rows are loaded, not just the table.
 */
export async function openStaffRegister(
  stack: TestStack,
  path: string,
  as: SignIn,
  showing: string,
): Promise<{ view: Awaited<ReturnType<typeof renderAppOnStack>>; table: HTMLElement }> {
  const view = await renderAppOnStack(stack, path, { as });
  const table = await screen.findByRole('table', { name: 'Staff register' }, { timeout: 15_000 });
  await within(table).findByText(showing, {}, { timeout: 15_000 });
  return { view, table };
}
