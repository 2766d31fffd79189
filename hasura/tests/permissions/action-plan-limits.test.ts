import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSurveyedPracticeCallers, type RoleCaller } from './world.ts';

// The action plan's texts are written straight through GraphQL (the 'Add activity' form, the
// reviewer's Action plan textbox), so the table's CHECKs (`action_plan_activities_*`) hold a write
// that skips the form to the domain's limits: description 2000 and responsible 200 characters, no
// control characters (responsible one line), a due date in 2000–2099, an action plan of at most
// 5000 characters without control characters. Each refusal leaves the rows as they were. The
// same rule holds every free text written through GraphQL (decisions/data-model.md,
// "No control characters in free text"): comments and surveyor summaries here.

let stack: TestStack;
let PM: RoleCaller;
let SURVEYOR: RoleCaller;
let SURVEYOR2: RoleCaller;
let QAM: RoleCaller;
let assessment: number;
let response: number;

beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  const callers = await createSurveyedPracticeCallers(stack.sql);
  ({ PM, SURVEYOR, SURVEYOR2, QAM } = callers);
  assessment = callers.practice.survey.id;
  response = callers.practice.survey.responseIds[1]!;
  await stack.sql.query(
    `update indicator_responses set compliance = 'NOT_MET', non_compliance_statement = 'Gaps.',
            non_conformity_status = 'OPEN' where id = $1`,
    [response],
  );
}, 60_000);
afterAll(() => stack?.close());

const setStatus = (status: string) =>
  stack.sql.query('update assessments set status = $1 where id = $2', [status, assessment]);
/** The engine says a CHECK refused the write (Hasura's code for it is permission-error). */
const CHECK_REFUSED = 'check-constraint';
const code = (result: { errors?: Array<{ message?: string; extensions?: { code?: string } }> }) => {
  const error = result.errors?.[0];
  return error?.extensions?.code === 'permission-error' &&
    /^Check constraint violation/.test(error.message ?? '')
    ? CHECK_REFUSED
    : error?.extensions?.code;
};
const activities = async () =>
  (
    await stack.sql.query(
      'select id, description, responsible, due_date::text from action_plan_activities where indicator_response_id = $1 order by id',
      [response],
    )
  ).rows;

const ADD = `mutation ($o: action_plan_activities_insert_input!) {
  insert_action_plan_activities_one(object: $o) { id } }`;
const EDIT = `mutation ($id: Int!, $s: action_plan_activities_set_input!) {
  update_action_plan_activities(where: {id: {_eq: $id}}, _set: $s) { affected_rows } }`;

describe('action plan activities written through GraphQL', () => {
  it('refuses oversized text, control characters and due dates outside 2000–2099, storing nothing', async () => {
    await setStatus('ACTION_REQUIRED');
    const bad: Array<Record<string, unknown>> = [
      { description: 'x'.repeat(2001) },
      { description: 'Train staff\u0007' },
      { description: 'Train \u001b[2J staff' },
      { description: 'Train\u0085staff' },
      { description: 'Train staff', responsible: 'y'.repeat(201) },
      { description: 'Train staff', responsible: 'Dr Lee\nDr Evil' },
      { description: 'Train staff', responsible: 'Dr\tLee' },
      { description: 'Train staff', due_date: '1999-12-31' },
      { description: 'Train staff', due_date: '2100-01-01' },
      { description: 'Train staff', due_date: '0001-01-01' },
    ];
    for (const fields of bad) {
      const result = await stack.gql(PM, ADD, { o: { indicator_response_id: response, ...fields } });
      expect(code(result), JSON.stringify(fields).slice(0, 40)).toBe(CHECK_REFUSED);
    }
    for (const due_date of ['2027-02-30', 'soon']) {
      const result = await stack.gql(PM, ADD, {
        o: { indicator_response_id: response, description: 'Train staff', due_date },
      });
      expect(result.data ?? null, due_date).toBeNull();
      expect(result.errors?.length, due_date).toBeGreaterThan(0);
    }
    const nul = await stack.gql(PM, ADD, { o: { indicator_response_id: response, description: 'a\u0000b' } });
    expect(nul.data ?? null).toBeNull();
    expect(await activities()).toEqual([]);
  });

  it('takes the longest allowed values, line breaks in the description, and refuses the same on edit', async () => {
    await setStatus('ACTION_REQUIRED');
    const added = await stack.gql<{ insert_action_plan_activities_one: { id: number } }>(PM, ADD, {
      o: {
        indicator_response_id: response,
        description: `Train staff\n${'x'.repeat(1988)}`,
        responsible: 'y'.repeat(200),
        due_date: '2099-12-31',
      },
    });
    expect(added.errors).toBeUndefined();
    const id = added.data!.insert_action_plan_activities_one.id;
    const stored = await activities();
    for (const set of [
      { description: 'x'.repeat(2001) },
      { description: 'Train\u0007' },
      { responsible: 'Dr\rLee' },
      { due_date: '2100-01-01' },
    ]) {
      expect(code(await stack.gql(PM, EDIT, { id, s: set })), JSON.stringify(set).slice(0, 40)).toBe(
        CHECK_REFUSED,
      );
    }
    expect(await activities()).toEqual(stored);

    // Closing: the closer's own id (the permission), at a time that has come (the CHECK).
    const closedAt = async () =>
      (await stack.sql.query('select status, closed_at from action_plan_activities where id = $1', [id]))
        .rows;
    const open = await closedAt();
    for (const at of ['3000-01-01T00:00:00Z', new Date(Date.now() + 3_600_000).toISOString()]) {
      const result = await stack.gql(SURVEYOR, EDIT, {
        id,
        s: { status: 'CLOSED', closed_at: at, closed_by_id: SURVEYOR.id },
      });
      expect(code(result), at).toBe(CHECK_REFUSED);
    }
    expect(await closedAt()).toEqual(open);
    const closed = await stack.gql(SURVEYOR, EDIT, {
      id,
      s: { status: 'CLOSED', closed_at: 'now()', closed_by_id: SURVEYOR.id },
    });
    expect(closed.errors).toBeUndefined();
  });
});

describe("another practice's manager and surveyor", () => {
  it('add no activity to this practice, change none of its activities, and touch none of its non-conformities', async () => {
    await setStatus('ACTION_REQUIRED');
    const other = await createSurveyedPracticeCallers(stack.sql, { survey: { status: 'ACTION_REQUIRED' } });
    const mine = (
      await stack.sql.query(
        `insert into action_plan_activities (indicator_response_id, description, created_by_id)
         values ($1, 'Ours', $2) returning id`,
        [response, PM.id],
      )
    ).rows[0].id as number;
    const findings = async () =>
      (
        await stack.sql.query(
          'select action_plan, non_conformity_status, refer_to_ca, date_closed from indicator_responses where id = $1',
          [response],
        )
      ).rows;
    const before = { activities: await activities(), findings: await findings() };
    const NC = `mutation ($id: Int!, $s: indicator_responses_set_input!) {
      update_indicator_responses(where: {id: {_eq: $id}}, _set: $s) { affected_rows } }`;
    for (const intruder of [other.PM, other.SURVEYOR]) {
      const added = await stack.gql(intruder, ADD, {
        o: { indicator_response_id: response, description: 'Theirs' },
      });
      expect(added.data ?? null, intruder.email).toBeNull();
      for (const set of [
        { description: 'Theirs' },
        { status: 'CLOSED', closed_at: 'now()', closed_by_id: intruder.id },
      ]) {
        const edited = await stack.gql<{ update_action_plan_activities: { affected_rows: number } }>(
          intruder,
          EDIT,
          {
            id: mine,
            s: set,
          },
        );
        expect(edited.data?.update_action_plan_activities.affected_rows ?? 0, intruder.email).toBe(0);
      }
      for (const set of [
        { refer_to_ca: true },
        { non_conformity_status: 'CLOSED' },
        { action_plan: 'Theirs' },
      ]) {
        const changed = await stack.gql<{ update_indicator_responses: { affected_rows: number } }>(
          intruder,
          NC,
          {
            id: response,
            s: set,
          },
        );
        expect(changed.data?.update_indicator_responses.affected_rows ?? 0, JSON.stringify(set)).toBe(0);
      }
    }
    expect({ activities: await activities(), findings: await findings() }).toEqual(before);
    await stack.sql.query('delete from action_plan_activities where id = $1', [mine]);
  });
});

describe('the action plan text written through GraphQL', () => {
  const SET = `mutation ($id: Int!, $p: String) {
    update_indicator_responses(where: {id: {_eq: $id}}, _set: {action_plan: $p}) { affected_rows } }`;
  const plan = async () =>
    (await stack.sql.query('select action_plan from indicator_responses where id = $1', [response])).rows[0]
      .action_plan;

  it('keeps to 5000 characters without control characters; line breaks and tabs are fine', async () => {
    await setStatus('UNDER_REVIEW');
    const ok = `Log the fridge twice daily.\n\t${'x'.repeat(4970)}`;
    expect((await stack.gql(QAM, SET, { id: response, p: ok })).data).toEqual({
      update_indicator_responses: { affected_rows: 1 },
    });
    for (const p of ['x'.repeat(5001), 'Log\u0007', 'Log\u001b[31m', 'Log\u009b']) {
      expect(code(await stack.gql(QAM, SET, { id: response, p })), p.slice(0, 8)).toBe(CHECK_REFUSED);
    }
    expect(await plan()).toBe(ok);
  });
});

describe('comments and summaries written through GraphQL (decisions/data-model.md)', () => {
  const ADD_COMMENT = `mutation ($o: comments_insert_input!) { insert_comments_one(object: $o) { id } }`;
  const EDIT_COMMENT = `mutation ($id: Int!, $c: String!) {
    update_comments(where: {id: {_eq: $id}}, _set: {comment: $c}) { affected_rows } }`;
  const ADD_SUMMARY = `mutation ($a: Int!, $t: String!) {
    insert_general_comments_one(object: {assessment_id: $a, text: $t}) { id } }`;
  const EDIT_SUMMARY = `mutation ($id: Int!, $t: String!) {
    update_general_comments(where: {id: {_eq: $id}}, _set: {text: $t}) { affected_rows } }`;
  /** C0 but TAB, LF and CR; DEL; C1 (the domain's CONTROL_CHARACTERS; NUL PostgreSQL refuses itself). */
  const BAD = ['Log\u0007', 'Log \u001b[2J', 'Log\u0001', 'Log\u000b', 'Log\u007f', 'Log\u0085', 'Log\u009b'];
  const texts = async () =>
    (
      await stack.sql.query(
        `select (select json_agg(c.comment order by c.id) from comments c where c.indicator_response_id = $1) as comments,
                (select json_agg(g.text order by g.id) from general_comments g where g.assessment_id = $2) as summaries`,
        [response, assessment],
      )
    ).rows[0];

  it('refuse control characters with a clear error and change nothing; line breaks and tabs are fine', async () => {
    await setStatus('IN_PROGRESS');
    const practiceId = (
      await stack.sql.query(
        'select acc.practice_id from assessments a join accreditations acc on acc.id = a.accreditation_id where a.id = $1',
        [assessment],
      )
    ).rows[0].practice_id;
    const comment = (o: Record<string, unknown>) =>
      stack.gql<{ insert_comments_one: { id: number } }>(SURVEYOR, ADD_COMMENT, {
        o: { practice_id: practiceId, indicator_response_id: response, ...o },
      });
    const ok = 'Fridge log:\n\t- morning\r\n\t- evening';
    const added = await comment({ comment: ok });
    expect(added.errors).toBeUndefined();
    const summary = await stack.gql<{ insert_general_comments_one: { id: number } }>(SURVEYOR, ADD_SUMMARY, {
      a: assessment,
      t: ok,
    });
    expect(summary.errors).toBeUndefined();
    const before = await texts();

    for (const text of BAD) {
      const refusals = [
        [await comment({ comment: text }), 'comments', 'comments_comment_control_characters'],
        [
          await stack.gql(SURVEYOR, EDIT_COMMENT, { id: added.data!.insert_comments_one.id, c: text }),
          'comments',
          'comments_comment_control_characters',
        ],
        [
          await stack.gql(SURVEYOR, EDIT_SUMMARY, {
            id: summary.data!.insert_general_comments_one.id,
            t: text,
          }),
          'general_comments',
          'general_comments_text_control_characters',
        ],
      ] as const;
      for (const [result, table, constraint] of refusals) {
        expect(result.errors?.[0], JSON.stringify(text)).toMatchObject({
          message: `Check constraint violation. new row for relation "${table}" violates check constraint "${constraint}"`,
          extensions: { code: 'permission-error' },
        });
      }
    }
    // The other visitor's first summary, with a control character: refused too.
    const second = await stack.gql(SURVEYOR2, ADD_SUMMARY, { a: assessment, t: 'Log\u0007' });
    expect(second.errors?.[0]?.message).toMatch(/general_comments_text_control_characters/);
    expect(await texts()).toEqual(before);

    await stack.sql.query('delete from comments where id = $1', [added.data!.insert_comments_one.id]);
    await stack.sql.query('delete from general_comments where id = $1', [
      summary.data!.insert_general_comments_one.id,
    ]);
  });
});
