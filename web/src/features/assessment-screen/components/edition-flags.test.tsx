import { EDITION_FLAG_LABELS, MOVED_ASSESSMENT_MESSAGES } from '@portal/domain';
import { createAccreditation, createResponse, createStandards } from '@portal/testkit/assessment-factories';
import { createMappedEditions } from '@portal/testkit/edition-factories';
import { addPracticeRole, createAssessment, createPractice, createUser } from '@portal/testkit/factories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAppOnStack, SCREEN_READY_TIMEOUT_MS, useRealStack } from '../../../test/stack-harness.tsx';

/**
 * The flags a move to a newer edition leaves (issue 30) on the assessment screen, on the real
 * stack: "New in this edition" and "Changed — review" in the indicator's header (part of its
 * button's name, so a screen reader says them) and panel; "Changed — review" goes once someone
 * answers, whether here or elsewhere (the database clears it, the live rows bring it).
 */
describe('the edition flags on the assessment screen', () => {
  const stack = useRealStack();

  it('shows each flag in the header and the panel, and drops "Changed — review" once answered', async () => {
    const practice = await createPractice(stack.sql);
    const pm = await createUser(stack.sql);
    await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
    const standards = await createStandards(stack.sql, { indicators: [{}, {}, {}] });
    const accreditationId = await createAccreditation(stack.sql, practice.id, {
      surveyVersionId: standards.surveyVersionId,
      isFirstView: false,
    });
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    const { id } = await createAssessment(stack.sql, accreditationId);
    const [fresh, changed, other] = standards.indicatorIds as [number, number, number];
    const responses = {
      fresh: await createResponse(stack.sql, id, fresh),
      changed: await createResponse(stack.sql, id, changed, { is_marked_complete: true }),
      other: await createResponse(stack.sql, id, other, { compliance: 'NOT_APPLICABLE' }),
    };
    await stack.sql.query('update indicator_responses set new_in_edition = true where id = $1', [
      responses.fresh,
    ]);
    await stack.sql.query('update indicator_responses set review_after_move = true where id = any($1)', [
      [responses.changed, responses.other],
    ]);
    const set = standards.indicatorSetIds[0]!;
    await renderAppOnStack(
      stack,
      `/PracticeOverview/${practice.id}/Accreditation/Assessment/${id}/${set}/${changed}`,
      {
        as: pm,
      },
    );
    await screen.findByRole('tablist', { name: 'Filter indicators' }, { timeout: SCREEN_READY_TIMEOUT_MS });
    const NEW = EDITION_FLAG_LABELS.NEW;
    const CHANGED = EDITION_FLAG_LABELS.CHANGED;
    expect(CHANGED).toBe('Changed — review');
    // The headers: the flag is part of the indicator button's accessible name.
    const header = (code: string) =>
      screen.findByRole(
        'button',
        { name: new RegExp(`^${code.replace('.', '\\.')}`) },
        { timeout: SCREEN_READY_TIMEOUT_MS },
      );
    expect((await header('C1.1')).textContent).toContain(NEW);
    expect((await header('C1.2')).textContent).toContain(CHANGED);
    expect((await header('C1.3')).textContent).toContain(CHANGED);
    expect(await screen.findByRole('button', { name: new RegExp(`C1\\.1 .*${NEW}`) })).toBeTruthy();
    // The open indicator's panel says what the flag means, as a note with the flag's name.
    const note = await screen.findByRole('note', { name: CHANGED });
    expect(within(note).getByText(/clears once someone does/)).toBeTruthy();

    // Answering here: the database clears the flag, and the saved row brings it back.
    await userEvent.click(screen.getByRole('radio', { name: 'Not applicable' }));
    await waitFor(() => expect(screen.queryByRole('note', { name: CHANGED })).toBeNull(), {
      timeout: 15_000,
    });
    await waitFor(async () => expect((await header('C1.2')).textContent).not.toContain(CHANGED), {
      timeout: 15_000,
    });
    // Someone else answers C1.3: its flag goes live, with no reload; "New in this edition" stays.
    await stack.sql.query(
      `update indicator_responses set compliance = null, is_marked_complete = true where id = $1`,
      [responses.other],
    );
    await waitFor(async () => expect((await header('C1.3')).textContent).not.toContain(CHANGED), {
      timeout: 15_000,
    });
    expect((await header('C1.1')).textContent).toContain(NEW);
  });

  it('shows a moved assessment read-only, with the way to its copy on the newer edition', async () => {
    const practice = await createPractice(stack.sql);
    const pm = await createUser(stack.sql);
    const admin = await createUser(stack.sql, { isAdmin: true });
    await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    const editions = await createMappedEditions(stack.sql, { names: { A1: 'Patient feedback' } });
    const accreditationId = await createAccreditation(stack.sql, practice.id, {
      surveyVersionId: editions.older.id,
      isFirstView: false,
    });
    const { id } = await createAssessment(stack.sql, accreditationId);
    await createResponse(stack.sql, id, editions.older.indicators.A1!, { compliance: 'NOT_APPLICABLE' });
    const move = await fetch(`${stack.actionsUrl}/admin/editions/moves`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await stack.tokenFor(admin.email, admin.password)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ mappingId: editions.mappingId, assessmentIds: [id] }),
    });
    expect(((await move.json()) as { moved: unknown[] }).moved).toHaveLength(1);

    await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Accreditation/Assessment/${id}`, {
      as: pm,
    });
    const notice = await screen.findByRole(
      'status',
      { name: MOVED_ASSESSMENT_MESSAGES.title },
      { timeout: SCREEN_READY_TIMEOUT_MS },
    );
    expect(notice.textContent).toContain(`moved to Edition ${editions.newer.code}`);
    // Its own edition's standards, answered as they were, and nothing to change them with.
    await userEvent.click(await screen.findByRole('button', { name: 'Open all' }));
    expect(await screen.findByRole('button', { name: /^A1 / })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^A1 / }));
    const na = await screen.findByRole('radio', { name: 'Not applicable' });
    expect((na as HTMLInputElement).checked).toBe(true);
    expect((na as HTMLInputElement).disabled).toBe(true);

    await userEvent.click(within(notice).getByRole('link', { name: MOVED_ASSESSMENT_MESSAGES.open }));
    await waitFor(
      () => expect(screen.queryByRole('status', { name: MOVED_ASSESSMENT_MESSAGES.title })).toBeNull(),
      {
        timeout: SCREEN_READY_TIMEOUT_MS,
      },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Open all' }, { timeout: SCREEN_READY_TIMEOUT_MS }),
    );
    expect(await screen.findByRole('button', { name: /^B1 / })).toBeTruthy();
  });
});
