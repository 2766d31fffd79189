import { pdfPageTexts } from '@portal/pdf/pdf-text';
import {
  createAccreditation,
  createManagedPractice,
  createUser,
  dayFromToday,
  type TestUser,
} from '@portal/testkit/factories';
import { DEMO_PASSWORD, startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A cycle's visits (spec 000 §3: type ACCREDITATION, SURVEILLANCE, RELOCATION, GAP;
 * reason_for_visit) through the planning actions, against the real engine, actions and database.
 */

const CREATE = `mutation Create($accreditationId: Int!, $type: String!, $reason: String!, $dueMonth: String!) {
  createSurveyVisit(accreditationId: $accreditationId, type: $type, reason: $reason, dueMonth: $dueMonth) { visitId status due message } }`;
const READ = `query Read($id: Int!) { survey_visits_by_pk(id: $id) { id type reason_for_visit } }`;

type Created = { createSurveyVisit: { visitId: number; message: string } };

let stack: TestStack;
let qam: TestUser;
let pm: TestUser;
let practiceId: number;

const newCycle = async () =>
  (
    await createAccreditation(stack.sql, practiceId, {
      qam_id: qam.id,
      expiry_date: dayFromToday(700),
      survey_visit_due: dayFromToday(300),
    })
  ).id;
const dueMonth = dayFromToday(90).slice(0, 7);

beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  qam = await createUser(stack.sql, { password: DEMO_PASSWORD, isQam: true });
  const managed = await createManagedPractice(stack.sql, { manager: { password: DEMO_PASSWORD } });
  practiceId = managed.id;
  pm = managed.pm;
}, 90_000);
afterAll(async () => {
  await stack?.close();
});

describe("the visit's reason (spec 000 §3 reason_for_visit, the survey_visit.reason choice list)", () => {
  it('spec 000 §3: the reason the QAM chose is the reason_for_visit the practice reads and its confirmation form shows', async () => {
    const cycle = await newCycle();
    const created = await stack.gql<Created>(qam.email, CREATE, {
      accreditationId: cycle,
      type: 'ACCREDITATION',
      reason: 'COMPLAINT',
      dueMonth,
    });
    expect(created.errors).toBeUndefined();
    const visitId = created.data!.createSurveyVisit.visitId;
    await stack.sql.query(
      `update survey_visits set status = 'FINAL', date = $2, start_time = '09:00', end_time = '16:00',
         confirmation_form_status = 'SENT' where id = $1`,
      [visitId, dayFromToday(80)],
    );
    const read = await stack.gql<{ survey_visits_by_pk: { reason_for_visit: string } }>(pm.email, READ, {
      id: visitId,
    });
    expect(read.errors).toBeUndefined();
    expect(read.data!.survey_visits_by_pk.reason_for_visit).toBe('COMPLAINT');

    const token = await stack.tokenFor(pm.email, DEMO_PASSWORD);
    const form = await stack.app.inject({
      method: 'GET',
      url: `/api/survey-visits/${visitId}/confirmation`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(form.statusCode).toBe(200);
    expect((await pdfPageTexts(form.rawPayload)).join('\n')).toContain(
      'In response to a complaint or notification',
    );
  });
});
