import { addYearsToWireDate, CERTIFICATE_MESSAGES, formatDisplayDate, portalToday } from '@portal/domain';
import {
  createAccreditation,
  createStandards,
  createSurveyVisit,
} from '@portal/testkit/assessment-factories';
import { addPracticeRole, createAssessment, createPractice, createUser } from '@portal/testkit/factories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

/**
 * Issue certificate on the real stack (engine, actions, database, s3rver): the provider admin sees
 * it on an approved survey visit, the modal's defaults and messages, and the assessment read again
 * CERTIFIED afterwards.
 */
describe('Issue certificate', () => {
  const stack = useRealStack({ s3: true });

  async function approvedSurvey() {
    const practice = await createPractice(stack.sql, { name: 'Lighthouse Medical' });
    const surveyor = await createUser(stack.sql, { isSurveyor: true });
    await addPracticeRole(stack.sql, practice.id, surveyor.id, 'SU');
    const standards = await createStandards(stack.sql, { indicators: [{}] });
    const accreditationId = await createAccreditation(stack.sql, practice.id, {
      surveyVersionId: standards.surveyVersionId,
      isFirstView: false,
    });
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    const visitId = await createSurveyVisit(stack.sql, accreditationId, [
      { userId: surveyor.id, isLead: true },
    ]);
    const { id } = await createAssessment(stack.sql, accreditationId, {
      type: 'SURVEY_VISIT',
      survey_visit_id: visitId,
      status: 'APPROVED',
    });
    const admin = await createUser(stack.sql, { isAdmin: true });
    const certifier = await createUser(stack.sql, {
      isStaff: true,
      firstName: 'Casey',
      lastName: 'Certifier',
    });
    return { id, admin, certifier, path: `/PracticeOverview/${practice.id}/Accreditation/Assessment/${id}` };
  }

  it('fills in its defaults, asks for the certifier, recomputes the expiry and certifies', async () => {
    const { id, admin, path } = await approvedSurvey();
    await renderAppOnStack(stack, path, { as: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Issue certificate' }, { timeout: 15_000 }));
    const modal = await screen.findByRole('dialog', { name: 'Issue certificate' });
    const field = (name: string) =>
      within(modal).getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
    const today = portalToday();
    expect(field('Certification date').value).toBe(formatDisplayDate(today));
    expect(field('Issue date').value).toBe(formatDisplayDate(today));
    expect(field('Expiry date').value).toBe(formatDisplayDate(addYearsToWireDate(today, 3)));
    // The suggestion of the server: no current certificate, so today.
    await waitFor(() => expect(field('Commencement date').value).toBe(formatDisplayDate(today)));
    expect(within(modal).getByRole('textbox', { name: /Condition/ })).toBeTruthy();

    await user.click(within(modal).getByRole('button', { name: 'Issue certificate' }));
    expect(await within(modal).findByText(CERTIFICATE_MESSAGES.certifierRequired)).toBeTruthy();

    // A new certification date moves the expiry with it.
    await user.clear(field('Certification date'));
    await user.type(field('Certification date'), '01/02/2026');
    await waitFor(() => expect(field('Expiry date').value).toBe('01/02/2029'));

    await user.click(within(modal).getByRole('combobox', { name: /Certified by/ }));
    await user.click(await screen.findByRole('option', { name: 'Casey Certifier', hidden: true }));
    await user.click(within(modal).getByRole('button', { name: 'Issue certificate' }));
    expect(await screen.findByText(CERTIFICATE_MESSAGES.issued, {}, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Issue certificate' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Issue certificate' })).toBeNull(), {
      timeout: 10_000,
    });
    const { rows } = await stack.sql.query(
      `select a.status, to_char(c.expiry_date, 'YYYY-MM-DD') as expiry from assessments a
         join certificates c on c.assessment_id = a.id where a.id = $1`,
      [id],
    );
    expect(rows).toEqual([{ status: 'CERTIFIED', expiry: '2029-02-01' }]);
  });

  it("says 'Please input a date' for a date left empty", async () => {
    const { admin, path } = await approvedSurvey();
    await renderAppOnStack(stack, path, { as: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Issue certificate' }, { timeout: 15_000 }));
    const modal = await screen.findByRole('dialog', { name: 'Issue certificate' });
    await user.clear(within(modal).getByRole('textbox', { name: /^Issue date/ }));
    await user.click(within(modal).getByRole('button', { name: 'Issue certificate' }));
    expect(await within(modal).findByText(CERTIFICATE_MESSAGES.dateRequired)).toBeTruthy();
  });
});
