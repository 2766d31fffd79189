import { EDITION_CHANGES_MESSAGES, EDITION_FLAG_LABELS } from '@portal/domain';
import { createAccreditation, createResponse } from '@portal/testkit/assessment-factories';
import { createMappedEditions } from '@portal/testkit/edition-factories';
import { addPracticeRole, createAssessment, createPractice } from '@portal/testkit/factories';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestUser } from './support/assessment-data.ts';
import { signInTo, waitForAssessmentScreen } from './support/assessment-screen.ts';
import { expectAccessible } from './support/axe.ts';
import { useE2e } from './support/suite.ts';

/**
 * Issue 30, the practice's side, in Chromium: the practice manager of a practice answering an older
 * edition opens "What changes for us" from the Accreditation tab (axe on the tab and the dialog)
 * and downloads its PDF; on the assessment screen the flag "Changed — review" is heard in the
 * indicator's name and goes once the manager answers.
 */
const e2e = useE2e();

/** Until a modal's opening transition has finished (axe would measure its colours half faded in). */
const settled = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(
        "document.getAnimations().filter((a) => a instanceof CSSTransition).every((a) => a.playState !== 'running')",
      ),
    )
    .toBe(true);

describe('what changes for us', () => {
  it('the manager reads what the newer edition changes, downloads it, and answers a changed indicator', async () => {
    const { page, stack } = e2e;
    const editions = await createMappedEditions(stack.sql);
    const practice = await createPractice(stack.sql, {
      name: `Harbourside Editions ${Date.now().toString(36)}`,
    });
    const manager = await createTestUser(stack.sql, { firstName: 'Morgan', lastName: 'Lee' });
    await addPracticeRole(stack.sql, practice.id, manager.id, 'PM');
    const accreditationId = await createAccreditation(stack.sql, practice.id, {
      surveyVersionId: editions.older.id,
      isFirstView: false,
    });
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    const { id: assessmentId } = await createAssessment(stack.sql, accreditationId);
    await createResponse(stack.sql, assessmentId, editions.older.indicators.A1!, { compliance: 'NOT_MET' });
    const a2 = await createResponse(stack.sql, assessmentId, editions.older.indicators.A2!, {
      is_marked_complete: true,
    });

    await signInTo(page, manager, `/PracticeOverview/${practice.id}/Accreditation`);
    const notice = page.getByRole('region', { name: `Edition ${editions.newer.code} is published` });
    await notice.waitFor();
    await expectAccessible(page, 'the Accreditation tab with the newer edition note');
    await notice.getByRole('button', { name: EDITION_CHANGES_MESSAGES.button }).click();
    const dialog = page.getByRole('dialog', { name: EDITION_CHANGES_MESSAGES.title });
    await dialog.getByRole('region', { name: 'New (1)' }).waitFor();
    await settled(page);
    await expectAccessible(page, 'the What changes for us dialog');
    await dialog.getByRole('region', { name: 'Retired (1)' }).getByText('A5', { exact: true }).waitFor();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: EDITION_CHANGES_MESSAGES.download }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/what-changes-\d{4}-\d{2}-\d{2}\.pdf$/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A move would flag A2's parts; the flag is written as a move writes it.
    await stack.sql.query('update indicator_responses set review_after_move = true where id = $1', [a2]);
    const set = (
      await stack.sql.query('select indicator_set_id from indicators where id = $1', [
        editions.older.indicators.A2,
      ])
    ).rows[0].indicator_set_id;
    await page.goto(
      `/PracticeOverview/${practice.id}/Accreditation/Assessment/${assessmentId}/${set}/${editions.older.indicators.A2}`,
    );
    await waitForAssessmentScreen(page);
    const header = page.getByRole('button', { name: new RegExp(`^A2 .*${EDITION_FLAG_LABELS.CHANGED}`) });
    await header.waitFor();
    await page.getByRole('note', { name: EDITION_FLAG_LABELS.CHANGED }).waitFor();
    await expectAccessible(page, 'the assessment screen with a changed indicator');
    await page.getByRole('radio', { name: 'Not applicable' }).check();
    await page.getByRole('note', { name: EDITION_FLAG_LABELS.CHANGED }).waitFor({ state: 'detached' });
    await expect.poll(() => header.count()).toBe(0);
  });
});
