import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSurveyedPracticeCallers, type RoleCaller } from './world.ts';

// The trigger indicator_responses_guard and the server-set lock expiry
// (hasura/functions/indicator_responses_guard.sql, indicator_locks_set_expiry.sql), through the real engine: what role `user` may
// change while action is required, the stamps the server sets whatever the client sends, and
// locks that expire on the server's clock.

let stack: TestStack;
/** The practice's PM; its surveyors (SU), accepted visitors of the visit; a QAM and an admin. */
let PM: RoleCaller;
let SURVEYOR: RoleCaller;
let SURVEYOR2: RoleCaller;
let QAM: RoleCaller;
let ADMIN: RoleCaller;
/** The survey visit's assessment, and the response the tests change. */
let ASSESSMENT: number;
let response: number;
let ids: Record<'pm' | 'surveyor' | 'surveyor2' | 'qam', number>;

beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  const callers = await createSurveyedPracticeCallers(stack.sql, { indicators: 3 });
  const { practice } = callers;
  ({ PM, SURVEYOR, SURVEYOR2, QAM, ADMIN } = callers);
  ASSESSMENT = practice.survey.id;
  response = practice.survey.responseIds[0]!;
  ids = { pm: PM.id, surveyor: SURVEYOR.id, surveyor2: SURVEYOR2.id, qam: QAM.id };
}, 60_000);
afterAll(() => stack?.close());

/** Arranges the response as the owner: NOT_MET with a statement by nobody, open, and the status. */
async function arrange(status: string) {
  await stack.sql.query('update assessments set status = $1 where id = $2', [status, ASSESSMENT]);
  await stack.sql.query('delete from assessment_submissions where assessment_id = $1', [ASSESSMENT]);
  await stack.sql.query(
    `update indicator_responses set compliance = 'NOT_MET', non_conformity_status = 'OPEN', date_closed = null, refer_to_ca = false,
        non_compliance_statement = 'Fridge log incomplete', nc_status_created_by_id = null,
        observation = 'arranged', last_updated_by_id = null where id = $1`,
    [response],
  );
}

interface Row {
  non_conformity_status: string;
  closed_today: boolean | null;
  date_closed: string | null;
  nc_status_created_by_id: number | null;
  last_updated_by_id: number | null;
  observation: string | null;
  non_compliance_statement: string | null;
  refer_to_ca: boolean;
}
const read = async (): Promise<Row> =>
  (
    await stack.sql.query<Row>(
      `select non_conformity_status, date_closed = public.portal_today() as closed_today,
              to_char(date_closed, 'YYYY-MM-DD') as date_closed, nc_status_created_by_id, last_updated_by_id,
              observation, non_compliance_statement, refer_to_ca
         from indicator_responses where id = $1`,
      [response],
    )
  ).rows[0]!;

type Result = Awaited<ReturnType<TestStack['gql']>>;
const code = (result: Result) => result.errors?.[0]?.extensions?.code;
const UPDATE = `mutation ($id: Int!, $set: indicator_responses_set_input!) {
  update_indicator_responses(where: {id: {_eq: $id}}, _set: $set) { affected_rows }
}`;
const update = (caller: Parameters<TestStack['gql']>[0], set: Record<string, unknown>) =>
  stack.gql(caller, UPDATE, { id: response, set });

describe('role user while action is required', () => {
  beforeEach(() => arrange('ACTION_REQUIRED'));

  it('a surveyor of the practice closes and reopens a non-conformity; the server stamps the date', async () => {
    expect((await update(SURVEYOR, { non_conformity_status: 'CLOSED' })).data).toEqual({
      update_indicator_responses: { affected_rows: 1 },
    });
    expect(await read()).toMatchObject({
      non_conformity_status: 'CLOSED',
      closed_today: true,
      last_updated_by_id: ids.surveyor,
      observation: 'arranged',
    });
    // Re-sending CLOSED keeps the original closing date.
    await stack.sql.query(`update indicator_responses set date_closed = date '2030-01-02' where id = $1`, [
      response,
    ]);
    expect((await update(SURVEYOR2, { non_conformity_status: 'CLOSED' })).errors).toBeUndefined();
    expect(await read()).toMatchObject({ date_closed: '2030-01-02', last_updated_by_id: ids.surveyor2 });

    expect((await update(SURVEYOR2, { non_conformity_status: 'OPEN' })).errors).toBeUndefined();
    expect(await read()).toMatchObject({ non_conformity_status: 'OPEN', date_closed: null });
  });

  it('spec 001 §6: a surveyor of the practice (changeActionPlan) changes the findings too; the practice manager none', async () => {
    for (const set of [
      { observation: 'rewritten finding' },
      { non_compliance_statement: 'Corrected statement' },
      { risk_type: 'CLINICAL' },
      { checklists: { '1': { '1': true } } },
      { non_conformity_status: 'CLOSED', observation: 'closed and rewritten' },
    ]) {
      const result = await update(SURVEYOR, set);
      expect([set, result.errors, result.data]).toEqual([
        set,
        undefined,
        { update_indicator_responses: { affected_rows: 1 } },
      ]);
    }
    expect(await read()).toMatchObject({
      non_conformity_status: 'CLOSED',
      observation: 'closed and rewritten',
      non_compliance_statement: 'Corrected statement',
      last_updated_by_id: ids.surveyor,
    });
    const byPm = await update(PM, { observation: 'the practice rewrites its finding' });
    expect(byPm.errors ? code(byPm) : byPm.data).toEqual(
      byPm.errors ? 'permission-error' : { update_indicator_responses: { affected_rows: 0 } },
    );
    expect((await read()).observation).toBe('closed and rewritten');
  });

  it('a surveyor of the practice refers a non-conformity to the certification authority and takes it back', async () => {
    expect((await update(SURVEYOR, { refer_to_ca: true })).errors).toBeUndefined();
    expect(await read()).toMatchObject({ refer_to_ca: true, last_updated_by_id: ids.surveyor });
    expect(
      (await update(SURVEYOR2, { refer_to_ca: false, non_conformity_status: 'CLOSED' })).errors,
    ).toBeUndefined();
    expect(await read()).toMatchObject({ refer_to_ca: false, non_conformity_status: 'CLOSED' });
  });

  it('the practice manager cannot refer a non-conformity', async () => {
    const result = await update(PM, { refer_to_ca: true });
    expect(result.errors ? code(result) : result.data).toEqual(
      result.errors ? 'permission-error' : { update_indicator_responses: { affected_rows: 0 } },
    );
    expect((await read()).refer_to_ca).toBe(false);
  });

  it('the practice manager cannot open or close a non-conformity', async () => {
    const result = await update(PM, { non_conformity_status: 'CLOSED' });
    expect(result.errors ? code(result) : result.data).toEqual(
      result.errors ? 'permission-error' : { update_indicator_responses: { affected_rows: 0 } },
    );
    expect((await read()).non_conformity_status).toBe('OPEN');
  });

  it('spec 001 §6: an upsert is guarded like an update: a surveyor of the practice closes and rewrites, the PM does neither', async () => {
    const UPSERT = `mutation ($objects: [indicator_responses_insert_input!]!, $columns: [indicator_responses_update_column!]!) {
      insert_indicator_responses(objects: $objects, on_conflict: {
        constraint: indicator_responses_assessment_id_indicator_id_key, update_columns: $columns
      }) { affected_rows }
    }`;
    const { rows } = await stack.sql.query('select indicator_id from indicator_responses where id = $1', [
      response,
    ]);
    const key = { assessment_id: ASSESSMENT, indicator_id: rows[0].indicator_id };
    const byPm = await stack.gql(PM, UPSERT, {
      objects: [{ ...key, observation: 'upserted by the practice' }],
      columns: ['observation'],
    });
    expect(byPm.errors ? code(byPm) : byPm.data).toEqual(
      byPm.errors ? 'permission-error' : { insert_indicator_responses: { affected_rows: 0 } },
    );
    expect((await read()).observation).toBe('arranged');
    const closing = await stack.gql(SURVEYOR, UPSERT, {
      objects: [{ ...key, non_conformity_status: 'CLOSED', observation: 'upserted finding' }],
      columns: ['non_conformity_status', 'observation'],
    });
    expect(closing.errors).toBeUndefined();
    expect(await read()).toMatchObject({
      non_conformity_status: 'CLOSED',
      closed_today: true,
      observation: 'upserted finding',
    });
  });

  it('spec 001 §6: a new response can be added while surveying, open, and while action is required by its holders', async () => {
    // Free an indicator of the assessment: remove a response nothing refers to.
    const { rows } = await stack.sql.query(
      `delete from indicator_responses r where r.id = (
         select x.id from indicator_responses x where x.assessment_id = $1 and x.id <> $2
            and not exists (select 1 from comments c where c.indicator_response_id = x.id)
            and not exists (select 1 from documents d where d.indicator_response_id = x.id)
            and not exists (select 1 from action_plan_activities p where p.indicator_response_id = x.id)
            and not exists (select 1 from indicator_locks l where l.indicator_response_id = x.id)
          order by x.id desc limit 1)
       returning indicator_id`,
      [ASSESSMENT, response],
    );
    expect(rows).toHaveLength(1);
    const ADD = `mutation ($o: indicator_responses_insert_input!) { insert_indicator_responses(objects: [$o]) { affected_rows } }`;
    const fresh = { assessment_id: ASSESSMENT, indicator_id: rows[0].indicator_id };
    const byPm = await stack.gql(PM, ADD, { o: { ...fresh, observation: 'new' } });
    expect(code(byPm)).toBe('permission-error');
    const whileActionRequired = await stack.gql(SURVEYOR, ADD, { o: { ...fresh, observation: 'new' } });
    expect(whileActionRequired.data).toEqual({ insert_indicator_responses: { affected_rows: 1 } });
    await stack.sql.query('delete from indicator_responses where assessment_id = $1 and indicator_id = $2', [
      ASSESSMENT,
      fresh.indicator_id,
    ]);

    await stack.sql.query('update assessments set status = $1 where id = $2', ['IN_PROGRESS', ASSESSMENT]);
    const closed = await stack.gql(SURVEYOR, ADD, { o: { ...fresh, non_conformity_status: 'CLOSED' } });
    expect(code(closed)).toBe('permission-error');
    const added = await stack.gql(SURVEYOR, ADD, {
      o: { ...fresh, non_compliance_statement: 'Found on the day' },
    });
    expect(added.data).toEqual({ insert_indicator_responses: { affected_rows: 1 } });
    const { rows: stored } = await stack.sql.query(
      `select nc_status_created_by_id, last_updated_by_id, date_closed from indicator_responses
        where assessment_id = $1 and indicator_id = $2`,
      [ASSESSMENT, fresh.indicator_id],
    );
    expect(stored).toEqual([
      { nc_status_created_by_id: ids.surveyor, last_updated_by_id: ids.surveyor, date_closed: null },
    ]);
  });

  it('the back office still corrects findings and refers to the CA', async () => {
    const result = await update(QAM, { observation: 'reviewed finding', refer_to_ca: true });
    expect(result.data).toEqual({ update_indicator_responses: { affected_rows: 1 } });
    expect(await read()).toMatchObject({
      observation: 'reviewed finding',
      refer_to_ca: true,
      last_updated_by_id: ids.qam,
    });
    expect((await update(QAM, { non_conformity_status: 'CLOSED' })).errors).toBeUndefined();
    expect(await read()).toMatchObject({ non_conformity_status: 'CLOSED', closed_today: true });
  });
});

describe('role user outside the action plan', () => {
  beforeEach(() => arrange('IN_PROGRESS'));

  it('a visiting surveyor changes findings but not the non-conformity status', async () => {
    expect((await update(SURVEYOR, { observation: 'during the visit' })).errors).toBeUndefined();
    const closing = await update(SURVEYOR, { non_conformity_status: 'CLOSED' });
    expect(code(closing)).toBe('permission-error');
    expect(closing.errors?.[0]?.message).toContain('only a surveyor on the practice may open or close');
    expect(await read()).toMatchObject({ observation: 'during the visit', non_conformity_status: 'OPEN' });
  });

  it('a visiting surveyor cannot refer a non-conformity before action is required', async () => {
    const referring = await update(SURVEYOR, { refer_to_ca: true });
    expect(code(referring)).toBe('permission-error');
    expect(referring.errors?.[0]?.message).toContain('only a surveyor on the practice may refer');
    expect((await read()).refer_to_ca).toBe(false);
  });

  it('the statement author is stamped once, kept on edits, cleared when the statement is emptied', async () => {
    await stack.sql.query('update indicator_responses set non_compliance_statement = null where id = $1', [
      response,
    ]);
    expect(
      (await update(SURVEYOR, { non_compliance_statement: 'Vaccine fridge unlogged' })).errors,
    ).toBeUndefined();
    expect(await read()).toMatchObject({
      nc_status_created_by_id: ids.surveyor,
      last_updated_by_id: ids.surveyor,
    });

    expect(
      (await update(SURVEYOR2, { non_compliance_statement: 'Vaccine fridge log gaps' })).errors,
    ).toBeUndefined();
    expect(await read()).toMatchObject({
      nc_status_created_by_id: ids.surveyor,
      last_updated_by_id: ids.surveyor2,
    });

    expect((await update(SURVEYOR2, { non_compliance_statement: '   ' })).errors).toBeUndefined();
    expect((await read()).nc_status_created_by_id).toBeNull();

    expect((await update(SURVEYOR2, { non_compliance_statement: 'Restated' })).errors).toBeUndefined();
    expect((await read()).nc_status_created_by_id).toBe(ids.surveyor2);
  });
});

describe('the action plan of a Not met finding (spec 001 §6, decisions/assessments.md)', () => {
  const PLAN = `query ($id: Int!) { indicator_responses_by_pk(id: $id) { action_plan } }`;
  const plan = async () =>
    (await stack.sql.query('select action_plan from indicator_responses where id = $1', [response])).rows[0]
      ?.action_plan;
  beforeEach(async () => {
    await arrange('UNDER_REVIEW');
    await stack.sql.query('update indicator_responses set action_plan = null where id = $1', [response]);
  });

  it('the back office enters it while the survey is under review', async () => {
    expect((await update(QAM, { action_plan: 'Log the fridge twice a day.' })).data).toEqual({
      update_indicator_responses: { affected_rows: 1 },
    });
    expect(await plan()).toBe('Log the fridge twice a day.');
    expect((await update(ADMIN, { action_plan: 'Log it and audit weekly.' })).errors).toBeUndefined();
    expect(await plan()).toBe('Log it and audit weekly.');
  });

  it('role user has no such input: neither the surveyors nor the practice manager write it, in any status', async () => {
    for (const status of ['IN_PROGRESS', 'UNDER_REVIEW', 'ACTION_REQUIRED']) {
      await arrange(status);
      for (const caller of [SURVEYOR, PM]) {
        expect([status, caller.email, code(await update(caller, { action_plan: 'Mine.' }))]).toEqual([
          status,
          caller.email,
          'validation-failed',
        ]);
      }
    }
    expect(await plan()).toBeNull();
  });

  it('is read wherever the findings are: the practice and its surveyors once action is required', async () => {
    await stack.sql.query(`update indicator_responses set action_plan = 'Train staff.' where id = $1`, [
      response,
    ]);
    await arrange('ACTION_REQUIRED');
    for (const caller of [PM, SURVEYOR, QAM]) {
      const read = await stack.gql<{ indicator_responses_by_pk: { action_plan: string } | null }>(
        caller,
        PLAN,
        {
          id: response,
        },
      );
      expect([caller.email, read.data?.indicator_responses_by_pk]).toEqual([
        caller.email,
        { action_plan: 'Train staff.' },
      ]);
    }
  });
});

describe('forged stamps', () => {
  beforeEach(() => arrange('ACTION_REQUIRED'));

  it('date_closed, nc_status_created_by_id and last_updated_by_id are not inputs for any role', async () => {
    for (const caller of [SURVEYOR, QAM, ADMIN]) {
      for (const set of [
        { non_conformity_status: 'CLOSED', date_closed: '2020-01-01' },
        { nc_status_created_by_id: ids.pm },
        { last_updated_by_id: ids.pm },
      ]) {
        expect([caller.email, set, code(await update(caller, set))]).toEqual([
          caller.email,
          set,
          'validation-failed',
        ]);
      }
    }
  });

  it('stamps set by the owner are overridden by the next request', async () => {
    // Whatever a stamp says before a request, the request's own stamps replace it.
    await stack.sql.query(
      `update indicator_responses set nc_status_created_by_id = null, last_updated_by_id = $2 where id = $1`,
      [response, ids.pm],
    );
    expect((await update(QAM, { non_compliance_statement: 'Restated by review' })).errors).toBeUndefined();
    expect(await read()).toMatchObject({ nc_status_created_by_id: ids.qam, last_updated_by_id: ids.qam });
  });

  it('owner connections write what they say (seeds, migrations); the CHECK keeps dates consistent', async () => {
    await stack.sql.query(
      `update indicator_responses set non_conformity_status = 'CLOSED', date_closed = date '2029-05-06',
          nc_status_created_by_id = $2, last_updated_by_id = $2 where id = $1`,
      [response, ids.pm],
    );
    expect(await read()).toMatchObject({
      date_closed: '2029-05-06',
      nc_status_created_by_id: ids.pm,
      last_updated_by_id: ids.pm,
    });
    await expect(
      stack.sql.query(`update indicator_responses set date_closed = null where id = $1`, [response]),
    ).rejects.toThrow(/indicator_responses_closed_has_date/);
  });
});

describe('indicator locks expire on the server clock', () => {
  const LOCK = `mutation ($a: Int!, $r: Int!, $f: jsonb!) {
    insert_indicator_locks(objects: [{assessment_id: $a, indicator_response_id: $r, fields: $f}],
      on_conflict: {constraint: indicator_locks_indicator_response_id_user_id_key, update_columns: [fields]}) { affected_rows }
  }`;
  const SEEN = `query ($a: Int!) { indicator_locks(where: {assessment_id: {_eq: $a}}) { user_id fields } }`;
  /** Seconds from the database's now to the lock's expiry. */
  const lifeLeft = async (userId: number) =>
    (
      await stack.sql.query<{ left: number }>(
        `select extract(epoch from expires_at - now())::float8 as left from indicator_locks
          where indicator_response_id = $1 and user_id = $2`,
        [response, userId],
      )
    ).rows[0]?.left;

  beforeEach(async () => {
    await arrange('IN_PROGRESS');
    await stack.sql.query('delete from indicator_locks where assessment_id = $1', [ASSESSMENT]);
  });

  it('a lock lives two minutes from when it is taken; the client cannot send an expiry', async () => {
    expect(
      (await stack.gql(SURVEYOR, LOCK, { a: ASSESSMENT, r: response, f: ['observation'] })).errors,
    ).toBeUndefined();
    const left = await lifeLeft(ids.surveyor);
    expect(left).toBeGreaterThan(110);
    expect(left).toBeLessThanOrEqual(120);

    const forgedInsert = await stack.gql(
      SURVEYOR2,
      `mutation { insert_indicator_locks(objects: [{assessment_id: ${ASSESSMENT}, indicator_response_id: ${response}, expires_at: "2099-01-01T00:00:00Z"}]) { affected_rows } }`,
    );
    expect(code(forgedInsert)).toBe('validation-failed');
    const forgedRenewal = await stack.gql(
      SURVEYOR,
      `mutation { update_indicator_locks(where: {user_id: {_eq: ${ids.surveyor}}}, _set: {expires_at: "2099-01-01T00:00:00Z"}) { affected_rows } }`,
    );
    expect(code(forgedRenewal)).toBe('validation-failed');
  });

  it('a stale lock is invisible to everyone, and taking or updating it again renews it', async () => {
    expect(
      (await stack.gql(SURVEYOR, LOCK, { a: ASSESSMENT, r: response, f: ['observation'] })).errors,
    ).toBeUndefined();
    const stale = () =>
      stack.sql.query(
        `update indicator_locks set created_at = now() - interval '10 minutes', expires_at = now() - interval '1 second'
          where indicator_response_id = $1`,
        [response],
      );
    await stale();
    for (const caller of [SURVEYOR, SURVEYOR2, QAM, ADMIN]) {
      const seen = await stack.gql<{ indicator_locks: unknown[] }>(caller, SEEN, { a: ASSESSMENT });
      expect([caller.email, seen.data?.indicator_locks]).toEqual([caller.email, []]);
    }

    // Taking it again (the upsert the screen sends) renews the same row.
    expect(
      (await stack.gql(SURVEYOR, LOCK, { a: ASSESSMENT, r: response, f: ['risk_type'] })).errors,
    ).toBeUndefined();
    expect(await lifeLeft(ids.surveyor)).toBeGreaterThan(110);
    const seen = await stack.gql<{ indicator_locks: unknown[] }>(SURVEYOR2, SEEN, { a: ASSESSMENT });
    expect(seen.data?.indicator_locks).toEqual([{ user_id: ids.surveyor, fields: ['risk_type'] }]);

    // So does updating one's own lock, even a stale one.
    await stale();
    const renewed = await stack.gql(
      SURVEYOR,
      `mutation { update_indicator_locks(where: {user_id: {_eq: ${ids.surveyor}}}, _set: {fields: ["observation"]}) { affected_rows } }`,
    );
    expect(renewed.data).toEqual({ update_indicator_locks: { affected_rows: 1 } });
    expect(await lifeLeft(ids.surveyor)).toBeGreaterThan(110);
  });
});
