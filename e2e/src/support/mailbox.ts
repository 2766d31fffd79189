import type { Page } from 'playwright-core';

/**
 * The first link matching `name` in the newest e-mail to `to`, read from the actions service's
 * dev mailbox (/api/dev/mailbox) as a developer would.
 */
export async function linkInMailbox(page: Page, to: string, name: RegExp = /./): Promise<string> {
  await page.goto('/api/dev/mailbox');
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
export const invitationLink = (page: Page, to: string): Promise<string> =>
  linkInMailbox(page, to, /\/Practice\/Invite\//);
