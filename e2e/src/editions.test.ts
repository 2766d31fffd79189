import {
  accreditationPath,
  assessmentPath,
  CONFIDENTIALITY_AGREEMENT,
  EDITION_CHANGES_MESSAGES,
  EDITION_FLAG_LABELS,
  type TEditionFileInput,
} from '@portal/domain';
import { createAccreditation, createResponse, createSurveyVisit } from '@portal/testkit/assessment-factories';
import { createEdition, editionFile, editionYamlWithProblems } from '@portal/testkit/edition-factories';
import { addPracticeRole, createAssessment, createPractice } from '@portal/testkit/factories';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createTestUser } from './support/assessment-data.ts';
import { signInTo, waitForAssessmentScreen } from './support/assessment-screen.ts';
import { expectAccessible } from './support/axe.ts';
import { openSignedIn, SCREEN_LOAD_TIMEOUT_MS } from './support/browser.ts';
import { createUser } from './support/factories.ts';
import type { E2eStack } from './support/stack.ts';
import { useE2e } from './support/suite.ts';

/**
 * Issue 30 in Chromium, one journey (docs/editions/README.md "The screens", "What changes for us"):
 * a provider admin imports an edition from a file (a file with problems first) and publishes it,
 * imports a mapping file and changes a row in the mapping's screen, then moves a practice's self
 * assessment in progress after a dry run; the practice manager reads "What changes for us" before
 * and after the move, downloads its PDF, finds the carried answers and the flags "New in this
 * edition" and "Changed — review" (gone once answered); the QAM adds a survey visit assessment on
 * the new edition that copies the last survey's ticks through the mapping. axe on every screen.
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

/** The newer edition's file: the test kit's small edition with a third, new indicator in its first set. */
function newerEditionFile(): TEditionFileInput {
  const file = editionFile();
  const [core, ...rest] = file.sets;
  return {
    ...file,
    sets: [
      {
        ...core!,
        indicators: [
          ...core!.indicators,
          { code: 'C1.3A', name: 'Patients can give feedback on their care.' },
        ],
      },
      ...rest,
    ],
  };
}

/**
 * The practice before the edition changes: an older published edition (C1.1A with two items,
 * C1.2A and C1.2B which the newer edition merges, X9.1A which it retires), a practice with its
 * manager and QAM, a cycle on the older edition with a survey visit surveyed (its ticks are the
 * ones a new survey copies) and one still to assess, and the self assessment in progress.
 */
async function practiceOnOlderEdition(sql: E2eStack['sql']) {
  const older = await createEdition(
    sql,
    { 'C1.1A': 2, 'C1.2A': 0, 'C1.2B': 0, 'X9.1A': 0 },
    {
      names: {
        'C1.1A': 'The practice publishes its hours.',
        'C1.2A': 'Fees are displayed.',
        'C1.2B': 'Fees are explained.',
        'X9.1A': 'The practice keeps a fax line.',
      },
    },
  );
  const practice = await createPractice(sql, { name: `Harbourside Editions ${Date.now().toString(36)}` });
  const manager = await createTestUser(sql, { firstName: 'Morgan', lastName: 'Lee' });
  await addPracticeRole(sql, practice.id, manager.id, 'PM');
  const qam = await createTestUser(sql, { isQam: true, firstName: 'Quinn', lastName: 'Avery' });
  const accreditationId = await createAccreditation(sql, practice.id, {
    surveyVersionId: older.id,
    isFirstView: false,
    qamId: qam.id,
  });
  await sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
    practice.id,
  ]);
  // The last survey, on the older edition (under review: not one a move takes): C1.1A's second item ticked.
  const surveyed = await createSurveyVisit(sql, accreditationId);
  const lastSurvey = await createAssessment(sql, accreditationId, {
    type: 'SURVEY_VISIT',
    survey_visit_id: surveyed,
    status: 'UNDER_REVIEW',
  });
  await createResponse(sql, lastSurvey.id, older.indicators['C1.1A']!, { checklists: { 1: { 2: true } } });
  const nextVisit = await createSurveyVisit(sql, accreditationId);
  const { id: assessmentId } = await createAssessment(sql, accreditationId);
  const o = older.indicators;
  await createResponse(sql, assessmentId, o['C1.1A']!, {
    is_marked_complete: true,
    checklists: { 1: { 1: true, 2: true } },
  });
  await createResponse(sql, assessmentId, o['C1.2A']!, { is_marked_complete: true });
  await createResponse(sql, assessmentId, o['C1.2B']!, { is_marked_complete: true });
  await createResponse(sql, assessmentId, o['X9.1A']!, { compliance: 'NOT_APPLICABLE' });
  return { older, practice, manager, qam, assessmentId, nextVisit };
}

/** The mapping file: C1.1A the same (its items too), C1.2A and C1.2B merged, X9.1A (for now) C1.3A. */
const mappingFile = (from: string, to: string) =>
  stringify({
    format: 'portal-edition-mapping/1',
    from,
    to,
    indicators: [
      {
        from: 'C1.1A',
        kind: 'EQUIVALENT',
        to: 'C1.1A',
        items: [
          { from: '1.1', to: '1.1' },
          { from: '1.2', to: '1.2' },
        ],
      },
      { from: 'C1.2A', kind: 'MERGED', to: 'C1.2A' },
      { from: 'C1.2B', kind: 'MERGED', to: 'C1.2A' },
      { from: 'X9.1A', kind: 'EQUIVALENT', to: 'C1.3A' },
    ],
  });

/** The address of an indicator of an assessment, by the indicator's code in the assessment's edition. */
async function indicatorPath(sql: E2eStack['sql'], practiceId: number, assessmentId: number, code: string) {
  const { rows } = await sql.query(
    `select i.id, i.indicator_set_id as set from indicators i join indicator_sets s on s.id = i.indicator_set_id
       join assessments a on a.survey_version_id = s.survey_version_id
      where a.id = $1 and i.code = $2`,
    [assessmentId, code],
  );
  return `${assessmentPath(practiceId, assessmentId)}/${rows[0].set}/${rows[0].id}`;
}

/** The admin's part before the move: the edition imported (a file with problems first) and published. */
async function importAndPublish(page: Page, stack: E2eStack, file: TEditionFileInput) {
  const editions = async () =>
    (await stack.sql.query('select count(*)::int as n from public.survey_versions')).rows[0].n as number;
  await page.getByRole('heading', { name: 'Editions', level: 1 }).waitFor({ timeout: 30_000 });
  await page.getByRole('table', { name: 'Editions' }).waitFor();
  await expectAccessible(page, 'the editions');

  // A file with problems: each listed with its line, nothing stored.
  const before = await editions();
  const chooser = page.getByLabel('Edition file');
  await chooser.setInputFiles({
    name: 'with-problems.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(editionYamlWithProblems()),
  });
  await page.getByRole('button', { name: 'Import edition' }).click();
  const problems = page.getByRole('list', { name: 'Problems in with-problems.yaml' });
  await problems.waitFor();
  expect(await problems.getByRole('listitem').count()).toBe(3);
  await page.getByRole('alert').getByText('Nothing was imported from with-problems.yaml').waitFor();
  expect(await editions()).toBe(before);
  await expectAccessible(page, 'the editions, a file refused with its problems');

  // A good file: a draft in the list.
  await chooser.setInputFiles({
    name: `${file.code}.edition.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file, null, 2)),
  });
  await page.getByRole('button', { name: 'Import edition' }).click();
  await page
    .getByRole('status')
    .getByText(/as a draft: 2 sets, 4 indicators/)
    .waitFor();
  const row = page.getByRole('row').filter({ hasText: file.code });
  await row.getByText('Draft').waitFor();

  // Its preview, as the assessment screen will show it.
  await row.getByRole('link', { name: 'Preview' }).click();
  await page.getByRole('heading', { name: `${file.code}: ${file.name}` }).waitFor();
  await page.getByRole('button', { name: /C1\.1A Patients can contact the practice/ }).click();
  await page.getByText('1. Does the practice publish its opening hours?').waitFor();
  expect(await page.getByRole('checkbox', { name: /On its website/ }).isDisabled()).toBe(true);
  await expectAccessible(page, 'the preview of a draft edition');

  // Back to the list, and published after the confirmation.
  await page.getByRole('link', { name: 'Back to the editions' }).click();
  await row.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: `Publish ${file.code}?` });
  await dialog.getByText(/A published edition never changes/).waitFor();
  await expectAccessible(page, 'publishing an edition, the confirmation');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await page
    .getByRole('status')
    .getByText(`${file.code} is published. It never changes from now on.`)
    .waitFor();
  await row.getByText('Published', { exact: true }).waitFor();
  const { rows } = await stack.sql.query(
    'select status, published_at is not null as dated from public.survey_versions where code = $1',
    [file.code],
  );
  expect(rows).toEqual([{ status: 'PUBLISHED', dated: true }]);
  await expectAccessible(page, 'the editions after publishing', { unlessChecked: true });
}

/** The mapping: imported from its file, then X9.1A changed to retired in the screen (C1.3A is then new). */
async function mapEditions(page: Page, olderCode: string, newerCode: string) {
  await page.getByRole('link', { name: 'Mappings between editions' }).click();
  await page.getByRole('heading', { name: 'Import a mapping' }).waitFor();
  await expectAccessible(page, 'the mappings');
  await page.getByLabel('Mapping file').setInputFiles({
    name: 'mapping.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(mappingFile(olderCode, newerCode)),
  });
  await page.getByRole('button', { name: 'Import mapping' }).click();
  await page
    .getByRole('status')
    .getByText(
      `The mapping ${olderCode} to ${newerCode} is imported from mapping.yaml: 4 of 4 older indicators mapped (100%).`,
    )
    .waitFor();
  const listed = page.getByRole('row').filter({ hasText: `${olderCode} to ${newerCode}` });
  await listed.getByRole('link', { name: 'Open' }).click();

  await page.getByRole('heading', { name: `Mapping ${olderCode} to ${newerCode}`, level: 1 }).waitFor();
  await page.getByText('4 of 4 older indicators mapped (100%)').waitFor();
  // The optional module's indicator is new from the start: nothing maps to it.
  await page
    .getByRole('region', { name: `New in ${newerCode} (1)` })
    .getByText('M1.1A')
    .waitFor();
  await expectAccessible(page, 'a mapping');
  const row = page.getByRole('row', { name: /^X9\.1A/ });
  await row.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Map X9.1A' });
  await dialog.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Retired' });
  await settled(page);
  await expectAccessible(page, 'changing a row of a mapping');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').getByText('X9.1A is now Retired.').waitFor();
  const fresh = page.getByRole('region', { name: `New in ${newerCode} (2)` });
  await fresh.getByText('Patients can give feedback on their care.').waitFor();
  await row.getByRole('cell', { name: 'Retired' }).waitFor();
  await expectAccessible(page, 'a mapping after a change');
}

/** The move: the self assessment chosen, a dry run, then the move after its confirmation. */
async function moveAssessment(page: Page, practiceName: string, assessmentId: number, newerCode: string) {
  await page.getByRole('link', { name: 'Move practices' }).click();
  const choice = page.getByRole('checkbox', {
    name: new RegExp(`^${practiceName}: Self assessment ${assessmentId}`),
  });
  await page.getByRole('searchbox', { name: 'Search practices' }).fill(practiceName);
  await choice.check();
  await expectAccessible(page, 'moving practices, the selection');
  await page.getByRole('button', { name: 'Dry run' }).click();
  const table = page.getByRole('table', { name: `What would move of assessment ${assessmentId}` });
  await table.waitFor();
  const merged = table.getByRole('row', { name: /^C1\.2A/ });
  await merged.getByRole('cell', { name: 'C1.2A, C1.2B' }).waitFor();
  await merged.getByRole('cell', { name: 'Merged' }).waitFor();
  await merged.getByText(EDITION_FLAG_LABELS.CHANGED).waitFor();
  await table
    .getByRole('row', { name: /^C1\.3A/ })
    .getByText(EDITION_FLAG_LABELS.NEW)
    .waitFor();
  await page.getByText('Retired (the answer stays with the older assessment): X9.1A (answered)').waitFor();
  await expectAccessible(page, 'moving practices, the dry run');
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Move to ${newerCode}?` });
  await settled(page);
  await expectAccessible(page, 'moving practices, the confirmation');
  await confirm.getByRole('button', { name: 'Move' }).click();
  await page
    .getByRole('status')
    .getByText(/^1 moved, 0 refused\./)
    .waitFor({ timeout: SCREEN_LOAD_TIMEOUT_MS });
  await page.getByRole('table', { name: 'Recent moves' }).getByRole('button', { name: 'Undo' }).waitFor();
  await expectAccessible(page, 'moving practices, moved');
}

describe('the editions of the standards', { timeout: 300_000 }, () => {
  it('an edition imported and published, mapped, a practice moved; its manager reads the changes, the QAM copies ticks through the mapping', async () => {
    const { page, stack } = e2e;
    const file = newerEditionFile();
    const world = await practiceOnOlderEdition(stack.sql);
    const admin = await createUser(stack.sql, { isAdmin: true, firstName: 'Ada', lastName: 'Admin' });

    // The provider admin: the edition, the mapping, the move.
    await openSignedIn(page, admin, '/admin-mnqa/editions');
    await importAndPublish(page, stack, file);
    await mapEditions(page, world.older.code, file.code);

    // The practice manager, before the move: what the newer edition would change.
    const pm = await e2e.newPage();
    await signInTo(pm, world.manager, accreditationPath(world.practice.id));
    const notice = pm.getByRole('region', { name: `${file.name} is published` });
    await notice.waitFor();
    await expectAccessible(pm, 'the Accreditation tab with the newer edition note');
    await notice.getByRole('button', { name: EDITION_CHANGES_MESSAGES.button }).click();
    let dialog = pm.getByRole('dialog', { name: EDITION_CHANGES_MESSAGES.title });
    await dialog.getByRole('region', { name: 'New (2)' }).getByText('C1.3A', { exact: true }).waitFor();
    await settled(pm);
    await expectAccessible(pm, 'the What changes for us dialog');
    await dialog.getByRole('region', { name: 'Retired (1)' }).getByText('X9.1A', { exact: true }).waitFor();
    await pm.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await moveAssessment(page, world.practice.name, world.assessmentId, file.code);
    const { rows } = await stack.sql.query(
      'select moved_to_assessment_id as copy from assessments where id = $1',
      [world.assessmentId],
    );
    const copy = rows[0].copy as number;
    expect(copy).toBeGreaterThan(0);

    // The practice manager, after the move: what was carried, its PDF, the carried answers and the flags.
    await pm.reload();
    const moved = pm.getByRole('region', { name: `Moved to ${file.name}` });
    await moved.waitFor({ timeout: 30_000 });
    await moved.getByRole('button', { name: EDITION_CHANGES_MESSAGES.button }).click();
    dialog = pm.getByRole('dialog', { name: EDITION_CHANGES_MESSAGES.title });
    await dialog.getByRole('region', { name: 'New (2)' }).waitFor();
    await settled(pm);
    await expectAccessible(pm, 'the What changes for us dialog after the move');
    const download = pm.waitForEvent('download');
    await dialog.getByRole('button', { name: EDITION_CHANGES_MESSAGES.download }).click();
    expect((await download).suggestedFilename()).toMatch(/what-changes-\d{4}-\d{2}-\d{2}\.pdf$/);
    await pm.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await pm.goto(await indicatorPath(stack.sql, world.practice.id, copy, 'C1.1A'));
    await waitForAssessmentScreen(pm);
    const carried = pm.getByRole('region', { name: /^C1\.1A / });
    await carried.getByRole('radio', { name: 'Mark complete' }).waitFor();
    expect(await carried.getByRole('radio', { name: 'Mark complete' }).isChecked()).toBe(true);
    expect(await carried.getByRole('checkbox', { name: /On its website/ }).isChecked()).toBe(true);
    expect(await carried.getByRole('checkbox', { name: /At the front door/ }).isChecked()).toBe(true);
    await pm.getByRole('button', { name: new RegExp(`^C1\\.3A .*${EDITION_FLAG_LABELS.NEW}`) }).waitFor();
    await expectAccessible(pm, 'the moved assessment, a carried answer');

    await pm.goto(await indicatorPath(stack.sql, world.practice.id, copy, 'C1.2A'));
    await waitForAssessmentScreen(pm);
    const header = pm.getByRole('button', { name: new RegExp(`^C1\\.2A .*${EDITION_FLAG_LABELS.CHANGED}`) });
    await header.waitFor();
    await pm.getByRole('note', { name: EDITION_FLAG_LABELS.CHANGED }).waitFor();
    await expectAccessible(pm, 'the assessment screen with a changed indicator');
    await pm.getByRole('radio', { name: 'Not applicable' }).check();
    await pm.getByRole('note', { name: EDITION_FLAG_LABELS.CHANGED }).waitFor({ state: 'detached' });
    await expect.poll(() => header.count()).toBe(0);
    await pm.close();

    // The QAM adds the next survey's assessment: on the new edition, the ticks copied through the mapping.
    const qam = await e2e.newPage();
    await signInTo(qam, world.qam, accreditationPath(world.practice.id));
    await qam.getByRole('button', { name: 'Add assessment' }).click();
    const add = qam.getByRole('dialog', { name: 'Add assessment' });
    expect(
      await add.getByRole('checkbox', { name: /Copy tickboxes from the last assessment/ }).isChecked(),
    ).toBe(true);
    await settled(qam);
    await expectAccessible(qam, 'adding a survey visit assessment');
    await add.getByRole('button', { name: 'Add assessment' }).click();
    await add.waitFor({ state: 'detached' });
    const added = await stack.sql.query(
      `select a.id, v.code from assessments a join survey_versions v on v.id = a.survey_version_id
        where a.survey_visit_id = $1`,
      [world.nextVisit],
    );
    expect(added.rows).toEqual([{ id: expect.any(Number), code: file.code }]);
    await qam.goto(await indicatorPath(stack.sql, world.practice.id, added.rows[0].id, 'C1.1A'));
    const agreement = qam.getByRole('dialog', { name: CONFIDENTIALITY_AGREEMENT.title });
    for (const statement of CONFIDENTIALITY_AGREEMENT.statements)
      await agreement.getByRole('checkbox', { name: statement }).check();
    await agreement.getByRole('button', { name: CONFIDENTIALITY_AGREEMENT.sign }).click();
    await waitForAssessmentScreen(qam);
    const ticked = qam.getByRole('region', { name: /^C1\.1A / });
    await ticked.getByRole('checkbox', { name: /At the front door/ }).waitFor();
    expect(await ticked.getByRole('checkbox', { name: /At the front door/ }).isChecked()).toBe(true);
    expect(await ticked.getByRole('checkbox', { name: /On its website/ }).isChecked()).toBe(false);
    await expectAccessible(qam, 'the new survey assessment, its ticks copied through the mapping');
    await qam.close();
  });
});
