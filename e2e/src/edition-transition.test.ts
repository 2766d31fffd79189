import { formatDisplayDate, NEXT_CYCLE_MESSAGES } from '@portal/domain';
import { createAccreditation } from '@portal/testkit/assessment-factories';
import { createTransition } from '@portal/testkit/edition-factories';
import { addPracticeRole, createAssessment, createPractice } from '@portal/testkit/factories';
import { dayFromToday } from '@portal/testkit/row-factories';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestUser } from './support/assessment-data.ts';
import { signInTo } from './support/assessment-screen.ts';
import { expectAccessible } from './support/axe.ts';
import { openSignedIn, SCREEN_LOAD_TIMEOUT_MS } from './support/browser.ts';
import { createUser } from './support/factories.ts';
import { useE2e } from './support/suite.ts';

/**
 * Issue 30, the transition window, in Chromium: the practice manager chooses the next cycle's
 * edition with the keyboard on the Accreditation tab (axe on the tab), and the provider admin moves
 * the window's closing day in the admin console's dialog (axe on the dialog).
 */
const e2e = useE2e();

/** Until a dialog's opening transition has finished (axe would measure its colours half faded in). */
const settled = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(
        "document.getAnimations().filter((a) => a instanceof CSSTransition).every((a) => a.playState !== 'running')",
      ),
    )
    .toBe(true);

describe('the transition window', () => {
  it('the manager chooses the newer edition for the next cycle with the keyboard', async () => {
    const { page, stack } = e2e;
    const window = await createTransition(stack.sql, { opensIn: -5, closesIn: 30 });
    const practice = await createPractice(stack.sql, { name: `Banksia Window ${Date.now().toString(36)}` });
    const manager = await createTestUser(stack.sql, { firstName: 'Morgan', lastName: 'Lee' });
    await addPracticeRole(stack.sql, practice.id, manager.id, 'PM');
    const accreditationId = await createAccreditation(stack.sql, practice.id, {
      surveyVersionId: window.older.id,
      isFirstView: false,
    });
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    await createAssessment(stack.sql, accreditationId);

    await signInTo(page, manager, `/PracticeOverview/${practice.id}/Accreditation`);
    const group = page.getByRole('radiogroup', {
      name: 'Edition of the standards for your next accreditation cycle',
    });
    await group.waitFor({ timeout: SCREEN_LOAD_TIMEOUT_MS });
    await page.getByText(`Choose by ${formatDisplayDate(window.closesOn)}.`, { exact: false }).waitFor();
    await expectAccessible(page, 'the Accreditation tab with the next cycle’s edition');
    const older = group.getByRole('radio', { name: new RegExp(`^${window.older.code}: `) });
    expect(await older.isChecked()).toBe(true);
    await older.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('status').getByText(NEXT_CYCLE_MESSAGES.saved(window.newer.code)).waitFor();
    expect(await group.getByRole('radio', { name: new RegExp(`^${window.newer.code}: `) }).isChecked()).toBe(
      true,
    );
    const { rows } = await stack.sql.query(
      'select next_cycle_survey_version_id as id from practices where organisation_id = $1',
      [practice.id],
    );
    expect(rows[0].id).toBe(window.newer.id);
  });

  it('the provider admin moves the window’s closing day in the Editions screen', async () => {
    const { page, stack } = e2e;
    const window = await createTransition(stack.sql, { opensIn: -5, closesIn: 30 });
    const admin = await createUser(stack.sql, { isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
    await openSignedIn(page, admin, '/admin-mnqa/editions');
    const row = page.getByRole('row').filter({ hasText: window.newer.code });
    // The console and its list load after the navigation: the screen's own bound, not a pause.
    const open = row.getByRole('button', { name: 'Transition window' });
    await open.waitFor({ timeout: SCREEN_LOAD_TIMEOUT_MS });
    await open.click();
    const dialog = page.getByRole('dialog', { name: `Transition window to ${window.newer.code}` });
    await dialog.waitFor();
    await settled(page);
    await expectAccessible(page, 'the transition window dialog');
    await dialog.getByLabel(/^Closes on/).fill(dayFromToday(50));
    await dialog.getByRole('button', { name: 'Save window' }).click();
    await page
      .getByRole('status')
      .getByText(`closes on ${formatDisplayDate(dayFromToday(50))}`, { exact: false })
      .waitFor();
    const { rows } = await stack.sql.query(
      'select closes_on::text as closes from edition_transitions where to_version_id = $1',
      [window.newer.id],
    );
    expect(rows[0].closes).toBe(dayFromToday(50));
  });
});
