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
const LIST = `query List { surveyPlanning { rows { accreditationId visitId visitType openVisitTypes } } }`;

type Created = { createSurveyVisit: { visitId: number; message: string } };

let stack: TestStack;
let qam: TestUser;
let pm: TestUser;

/** An open cycle of a new practice (a practice has one open cycle at a time). */
const newCycle = async () => {
  const managed = await createManagedPractice(stack.sql, { manager: { password: DEMO_PASSWORD } });
  pm = managed.pm;
  return (
    await createAccreditation(stack.sql, managed.id, {
      qam_id: qam.id,
      expiry_date: dayFromToday(700),
      survey_visit_due: dayFromToday(300),
    })
  ).id;
};
const dueMonth = dayFromToday(90).slice(0, 7);

beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  qam = await createUser(stack.sql, { password: DEMO_PASSWORD, isQam: true });
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

describe('several visits per cycle (spec 000 §3, 001 §1: ACCREDITATION, SURVEILLANCE, RELOCATION, GAP)', () => {
  const create = (accreditationId: number, type: string, reason = 'MID_CYCLE_SURVEILLANCE') =>
    stack.gql<Created>(qam.email, CREATE, { accreditationId, type, reason, dueMonth });

  it('spec 001 §1: a cycle with its accreditation survey takes a surveillance, a relocation and a gap visit too', async () => {
    const cycle = await newCycle();
    for (const type of ['ACCREDITATION', 'SURVEILLANCE', 'RELOCATION', 'GAP']) {
      const result = await create(cycle, type);
      expect(result.errors, type).toBeUndefined();
    }
    const types = await stack.sql.query(
      'select type from survey_visits where accreditation_id = $1 order by id',
      [cycle],
    );
    expect(types.rows.map((r) => r.type)).toEqual(['ACCREDITATION', 'SURVEILLANCE', 'RELOCATION', 'GAP']);
    // The list says which types are still being planned in the cycle, on each of its rows.
    const list = await stack.gql<{
      surveyPlanning: { rows: Array<{ accreditationId: number; openVisitTypes: string[] }> };
    }>(qam.email, LIST);
    expect(list.errors).toBeUndefined();
    const rows = list.data!.surveyPlanning.rows.filter((r) => r.accreditationId === cycle);
    expect(rows).toHaveLength(4);
    for (const row of rows)
      expect([...row.openVisitTypes].sort()).toEqual(['ACCREDITATION', 'GAP', 'RELOCATION', 'SURVEILLANCE']);
  });

  it('spec 000 §3: at most one open visit of a type per cycle, refused with the reason and changing nothing', async () => {
    const cycle = await newCycle();
    expect((await create(cycle, 'SURVEILLANCE')).errors).toBeUndefined();
    const count = async () =>
      (
        await stack.sql.query('select count(*)::int as n from survey_visits where accreditation_id = $1', [
          cycle,
        ])
      ).rows[0].n;
    const again = await create(cycle, 'SURVEILLANCE');
    expect(again.errors?.[0]?.message).toBe(
      'A Surveillance visit of this cycle is still being planned: plan that one (or archive it) first.',
    );
    expect(await count()).toBe(1);
    // Once that visit is final (or archived), another of its type may be planned.
    await stack.sql.query(`update survey_visits set status = 'FINAL' where accreditation_id = $1`, [cycle]);
    expect((await create(cycle, 'SURVEILLANCE')).errors).toBeUndefined();
    expect(await count()).toBe(2);
  });

  it('spec 000 §3: the database itself holds a cycle to one open visit of a type', async () => {
    const cycle = await newCycle();
    await stack.sql.query(
      `insert into survey_visits (accreditation_id, type, status) values ($1, 'GAP', 'DRAFT')`,
      [cycle],
    );
    await expect(
      stack.sql.query(
        `insert into survey_visits (accreditation_id, type, status) values ($1, 'GAP', 'PLANNING')`,
        [cycle],
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'survey_visits_one_open_visit_per_type' });
    // Final and archived visits do not count.
    await stack.sql.query(
      `insert into survey_visits (accreditation_id, type, status) values ($1, 'GAP', 'FINAL'), ($1, 'GAP', 'FINAL')`,
      [cycle],
    );
    await stack.sql.query(
      `insert into survey_visits (accreditation_id, type, status, archived) values ($1, 'GAP', 'PLANNING', true)`,
      [cycle],
    );
  });
});
