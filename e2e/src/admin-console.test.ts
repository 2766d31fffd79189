import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_CONSOLE_REFUSED_MESSAGE, practiceStaffPath } from '@portal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openHistory } from './support/audit-data.ts';
import { expectAccessible } from './support/axe.ts';
import { signInAs, waitForAppShell } from './support/browser.ts';
import { createPractice, createUser, unique } from './support/factories.ts';
import { useE2e } from './support/suite.ts';

/**
 * The admin console of the embedded stack (docs/decisions/admin-console.md): a provider admin
 * follows the header's admin link, finds the test's practice among the organisations, fixes its
 * phone number and saves; the database has the new number and an audit_log row with the admin's id
 * and the console's role, and the practice's History in the portal shows the change (old → new, by
 * the admin in the console). A QAM has no link, and the console's address tells them they have no
 * access. axe on the list, the filtered list, the edit screen and the refusal.
 */
const e2e = useE2e();

/** The organisations list of the console, filtered by name. */
async function findOrganisation(page: Page, name: string): Promise<void> {
  await page.getByRole('menuitem', { name: 'Organisations' }).click();
  await page.getByRole('heading', { name: 'Organisations' }).waitFor();
  const search = page.getByRole('textbox', { name: 'Name' });
  await search.fill(name);
  // The filter reaches the address after react-admin's debounce; a row clicked before that would
  // open the edit screen only for the late filter to take the page back to the list.
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(name));
  await page.getByRole('row').filter({ hasText: name }).first().waitFor();
}

describe('the admin console', { timeout: 180_000 }, () => {
  it('lets a provider admin fix a practice’s phone number, audited with their id', async () => {
    const { page, stack, context } = e2e;
    const admin = await createUser(stack.sql, { isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
    const practice = await createPractice(stack.sql, { name: `Console Practice ${unique()}` });

    await signInAs(page, admin);
    await waitForAppShell(page, admin.name);
    const [consolePage] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Admin area' }).click(),
    ]);
    await consolePage.waitForURL((url) => url.pathname.startsWith('/admin-mnqa'));
    await consolePage.getByRole('menuitem', { name: 'Organisations' }).waitFor({ timeout: 30_000 });
    await consolePage.getByRole('heading', { name: 'Tables' }).waitFor();
    await expectAccessible(consolePage, 'the admin console, its first screen');

    await findOrganisation(consolePage, practice.name);
    await expectAccessible(consolePage, 'the admin console, organisations filtered by name');
    await consolePage.getByRole('row').filter({ hasText: practice.name }).first().click();
    const phone = consolePage.getByRole('textbox', { name: 'Phone', exact: true });
    await phone.waitFor();
    expect(await phone.inputValue()).toBe('02 9360 4411');
    await expectAccessible(consolePage, 'the admin console, editing an organisation');
    await phone.fill('02 9555 0123');
    await consolePage.getByRole('button', { name: 'Save' }).click();
    await consolePage.getByText('Element updated').waitFor();

    // The factory's own update of the row (no user) is the other UPDATE row.
    const { rows } = await stack.sql.query(
      `select o.phone, a.changed_by_id, a.changed_by_role, a.old_data->>'phone' as old_phone
         from organisations o
         join audit_log a on a.table_name = 'organisations' and a.row_id = o.id::text and a.operation = 'UPDATE'
        where o.id = $1 and a.changed_by_id is not null`,
      [practice.id],
    );
    expect(rows).toEqual([
      {
        phone: '02 9555 0123',
        changed_by_id: admin.id,
        changed_by_role: 'provider_admin_console',
        old_phone: '02 9360 4411',
      },
    ]);

    // The same change in the practice's History, back in the portal: old → new, by the admin
    // through the console.
    await page.bringToFront();
    await page.goto(practiceStaffPath(practice.id));
    await page.getByRole('heading', { name: practice.name }).waitFor();
    const drawer = await openHistory(
      page,
      page.getByRole('button', { name: 'History of this practice' }),
      `History: ${practice.name}`,
    );
    const change = drawer
      .getByRole('article', { name: 'Organisation changed' })
      .filter({ hasText: 'Ada Admin (Admin console)' });
    await change.waitFor();
    expect(
      await change
        .getByRole('row', { name: /^Phone/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['02 9360 4411', '02 9555 0123']);
    await expectAccessible(page, "the practice's History after the console change");
  });

  it('is not for a QAM: no link, and the address refuses them', async () => {
    const { page, stack } = e2e;
    const qam = await createUser(stack.sql, { isQam: true, firstName: 'Quinn', lastName: 'Qam' });
    await signInAs(page, qam);
    await waitForAppShell(page, qam.name);
    expect(await page.getByRole('link', { name: 'Admin area' }).count()).toBe(0);
    await page.goto('/admin-mnqa/organisations');
    await page.getByRole('heading', { name: 'Admin console' }).waitFor();
    await page.getByText(ADMIN_CONSOLE_REFUSED_MESSAGE).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Organisations' }).count()).toBe(0);
    await expectAccessible(page, 'the admin console refusing a QAM');
  });

  it('ships in its own chunk, and no asset sends an admin secret', () => {
    const { stack } = e2e;
    const assets = path.join(stack.webDist, 'assets');
    const index = readFileSync(path.join(stack.webDist, 'index.html'), 'utf8');
    const entry = /src="\/assets\/([^"]+\.js)"/.exec(index)?.[1];
    expect(entry).toBeTruthy();
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    const withConsole = scripts.filter((file) =>
      readFileSync(path.join(assets, file), 'utf8').includes('RaDatagrid'),
    );
    expect(withConsole.length).toBeGreaterThan(0);
    expect(withConsole).not.toContain(entry);
    for (const file of scripts)
      expect(readFileSync(path.join(assets, file), 'utf8').toLowerCase(), file).not.toContain(
        'x-hasura-admin-secret',
      );
  });
});
