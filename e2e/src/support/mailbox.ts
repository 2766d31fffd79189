import { devMailboxPath } from '@portal/domain';
import type { Page } from 'playwright-core';

/**
 * Opens the development pages for this browser context as a developer does, through the link the
 * start-up banner prints: the key sets the dev pages cookie (the mailbox, the payment stand-in).
 */
export async function unlockDevPages(page: Page, devPagesKey: string): Promise<void> {
  await page.goto(devMailboxPath(devPagesKey));
}

/**
 * The first link matching `name` in the newest e-mail to `to`, read from the actions service's
 * dev mailbox as a developer would: through the link the start-up banner prints
 * (`/api/dev/mailbox?key=<key>`, which sets the dev pages cookie and redirects to the mailbox).
 */
export async function linkInMailbox(
  page: Page,
  devPagesKey: string,
  to: string,
  name: RegExp = /./,
): Promise<string> {
  await unlockDevPages(page, devPagesKey);
  const mail = page
    .getByRole('article')
    .filter({ hasText: `To ${to}` })
    .first();
  await mail.waitFor();
  const href = await mail.getByRole('link', { name }).first().getAttribute('href');
  if (!href) throw new Error(`no link matching ${name} in the e-mail to ${to}`);
  return href;
}

/** The invitation link (/Practice/Invite/<token>) of the newest e-mail to `to`. */
export const invitationLink = (page: Page, devPagesKey: string, to: string): Promise<string> =>
  linkInMailbox(page, devPagesKey, to, /\/Practice\/Invite\//);
