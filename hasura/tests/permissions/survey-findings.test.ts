import { createDocument, createGeneralComment, insertRow } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSurveyedPracticeCallers, type RoleCaller } from './world.ts';

// A survey visit's findings on the server (spec 001 §4): nothing of them is readable by a
// surveyor before they sign the confidentiality agreement of the assessment in progress, and
// the practice manager reads none of them before the review; the documents attached to a finding
// follow the finding, the practice's other documents do not change. Nothing of them is
// written before signing either: responses, locks, comments, the summary (docs/security.md). The
// surveyor summary is edited only by its author (or the back office), until the author submits.
// Through the real engine.

let stack: TestStack;
let PM: RoleCaller;
let SURVEYOR: RoleCaller;
let SURVEYOR2: RoleCaller;
let QAM: RoleCaller;
let ADMIN: RoleCaller;
let assessment: number;
let response: number;
let summary: number;
let evidence: number;
let policy: number;

beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  const callers = await createSurveyedPracticeCallers(stack.sql, { unsigned: true });
  ({ PM, SURVEYOR, SURVEYOR2, QAM, ADMIN } = callers);
  const { practice } = callers;
  assessment = practice.survey.id;
  response = practice.survey.responseIds[0]!;
  await stack.sql.query(
    `update indicator_responses set compliance = 'NOT_MET', non_compliance_statement = 'Gaps in the log.' where id = $1`,
    [response],
  );
  summary = (await createGeneralComment(stack.sql, assessment, SURVEYOR.id, { text: 'Well run.' })).id;
  await insertRow(stack.sql, 'comments', {
    practice_id: practice.practice.id,
    indicator_response_id: response,
    comment: 'Asked for the fridge log.',
    created_by_id: SURVEYOR.id,
  });
  await insertRow(stack.sql, 'indicator_locks', {
    assessment_id: assessment,
    indicator_response_id: response,
    user_id: SURVEYOR2.id,
  });
  evidence = (
    await createDocument(stack.sql, practice.practice.id, {
      name: 'fridge-log.pdf',
      indicator_response_id: response,
      created_by_id: SURVEYOR.id,
    })
  ).id;
  policy = (await createDocument(stack.sql, practice.practice.id, { name: 'policy.pdf' })).id;
}, 60_000);
afterAll(() => stack?.close());

const READ = `query ($a: Int!, $evidence: Int!, $policy: Int!) {
  assessments(where: {id: {_eq: $a}}) { id status }
  documents(where: {id: {_eq: $evidence}}) { name }
  documents_aggregate(where: {id: {_eq: $evidence}}) { aggregate { count } }
  policy: documents(where: {id: {_eq: $policy}}) { name }
  indicator_responses(where: {assessment_id: {_eq: $a}, compliance: {_eq: NOT_MET}}) { non_compliance_statement }
  comments(where: {indicator_response: {assessment_id: {_eq: $a}}}) { comment }
  general_comments(where: {assessment_id: {_eq: $a}}) { text }
  assessment_counts(where: {assessment_id: {_eq: $a}}) { not_mets }
  indicator_locks(where: {assessment_id: {_eq: $a}}) { user_id }
}`;
interface Read {
  assessments: unknown[];
  documents: unknown[];
  documents_aggregate: unknown;
  policy: unknown[];
  indicator_responses: unknown[];
  comments: unknown[];
  general_comments: unknown[];
  assessment_counts: unknown[];
  indicator_locks: unknown[];
}

async function reads(caller: RoleCaller) {
  const result = await stack.gql<Read>(caller, READ, { a: assessment, evidence, policy });
  expect(result.errors).toBeUndefined();
  return result.data!;
}
/** The practice's document that is no finding's: everyone of the practice reads it throughout. */
const POLICY = { policy: [{ name: 'policy.pdf' }] };
const NOTHING = {
  documents: [],
  documents_aggregate: { aggregate: { count: 0 } },
  ...POLICY,
  indicator_responses: [],
  comments: [],
  general_comments: [],
  assessment_counts: [],
  indicator_locks: [],
};
const EVERYTHING = {
  documents: [{ name: 'fridge-log.pdf' }],
  documents_aggregate: { aggregate: { count: 1 } },
  ...POLICY,
  indicator_responses: [{ non_compliance_statement: 'Gaps in the log.' }],
  comments: [{ comment: 'Asked for the fridge log.' }],
  general_comments: [{ text: 'Well run.' }],
  assessment_counts: [{ not_mets: 1 }],
};

const setStatus = (status: string) =>
  stack.sql.query('update assessments set status = $1 where id = $2', [status, assessment]);
const sign = (caller: RoleCaller) =>
  stack.gql(
    caller,
    'mutation ($a: Int!) { signConfidentialityAgreement(assessmentId: $a) { agreementVersion } }',
    {
      a: assessment,
    },
  );

beforeEach(async () => {
  await setStatus('IN_PROGRESS');
  await stack.sql.query('delete from confidentiality_signs where assessment_id = $1', [assessment]);
  await stack.sql.query('delete from assessment_submissions where assessment_id = $1', [assessment]);
  await stack.sql.query(`update general_comments set text = 'Well run.' where id = $1`, [summary]);
  await stack.sql.query(
    `update indicator_locks set expires_at = now() + interval '2 minutes' where assessment_id = $1`,
    [assessment],
  );
});

describe('before signing the confidentiality agreement', () => {
  it('a visiting surveyor reads the assessment but none of its findings, comments, summaries, counts or locks', async () => {
    for (const surveyor of [SURVEYOR, SURVEYOR2])
      expect(await reads(surveyor)).toEqual({
        assessments: [{ id: assessment, status: 'IN_PROGRESS' }],
        ...NOTHING,
      });
  });

  it('once they sign (the action), they read everything; the other visitor, unsigned, still nothing', async () => {
    expect((await sign(SURVEYOR)).errors).toBeUndefined();
    expect(await reads(SURVEYOR)).toEqual({
      assessments: [{ id: assessment, status: 'IN_PROGRESS' }],
      ...EVERYTHING,
      indicator_locks: [{ user_id: SURVEYOR2.id }],
    });
    expect(await reads(SURVEYOR2)).toMatchObject(NOTHING);
  });

  it('nor writes a finding or takes a lock; once signed, they do', async () => {
    const UPDATE = `mutation ($id: Int!) {
      update_indicator_responses(where: {id: {_eq: $id}}, _set: {observation: "Seen."}) { affected_rows } }`;
    const LOCK = `mutation ($a: Int!, $r: Int!) {
      insert_indicator_locks_one(object: {assessment_id: $a, indicator_response_id: $r, fields: []}) { id } }`;
    const observation = async () =>
      (await stack.sql.query('select observation from indicator_responses where id = $1', [response])).rows[0]
        .observation;
    const before = await observation();
    const update = await stack.gql<{ update_indicator_responses: { affected_rows: number } }>(
      SURVEYOR,
      UPDATE,
      {
        id: response,
      },
    );
    expect(update.data).toEqual({ update_indicator_responses: { affected_rows: 0 } });
    expect(await observation()).toBe(before);
    const lock = await stack.gql(SURVEYOR, LOCK, { a: assessment, r: response });
    expect(lock.errors?.[0]?.extensions?.code).toBe('permission-error');
    const { rows } = await stack.sql.query(
      'select count(*)::int as n from indicator_locks where user_id = $1',
      [SURVEYOR.id],
    );
    expect(rows).toEqual([{ n: 0 }]);

    expect((await sign(SURVEYOR)).errors).toBeUndefined();
    expect((await stack.gql(SURVEYOR, UPDATE, { id: response })).data).toEqual({
      update_indicator_responses: { affected_rows: 1 },
    });
    expect(await observation()).toBe('Seen.');
    expect((await stack.gql(SURVEYOR, LOCK, { a: assessment, r: response })).errors).toBeUndefined();
    await stack.sql.query('update indicator_responses set observation = null where id = $1', [response]);
    await stack.sql.query('delete from indicator_locks where user_id = $1', [SURVEYOR.id]);
  });

  it('nor writes a comment or a summary, new or their own (the confidentiality agreement first, spec 001); once signed, they do', async () => {
    const ADD_COMMENT = `mutation ($p: Int!, $r: Int!) {
      insert_comments_one(object: {practice_id: $p, indicator_response_id: $r, comment: "Seen the log."}) { id } }`;
    const EDIT_COMMENT = `mutation ($id: Int!) {
      update_comments(where: {id: {_eq: $id}}, _set: {comment: "Changed unseen."}) { affected_rows } }`;
    const ADD_SUMMARY = `mutation ($a: Int!) {
      insert_general_comments_one(object: {assessment_id: $a, text: "Summary unseen."}) { id } }`;
    const EDIT_SUMMARY = `mutation ($id: Int!) {
      update_general_comments(where: {id: {_eq: $id}}, _set: {text: "Changed unseen."}) { affected_rows } }`;
    const texts = async () =>
      (
        await stack.sql.query(
          `select (select json_agg(c.comment order by c.id) from comments c
                    where c.indicator_response_id = $1) as comments,
                  (select json_agg(g.text order by g.id) from general_comments g
                    where g.assessment_id = $2) as summaries`,
          [response, assessment],
        )
      ).rows[0];
    const before = await texts();
    const practiceId = (
      await stack.sql.query(
        'select acc.practice_id from assessments a join accreditations acc on acc.id = a.accreditation_id where a.id = $1',
        [assessment],
      )
    ).rows[0].practice_id;
    const comment = (
      await stack.sql.query(
        'select id from comments where indicator_response_id = $1 and created_by_id = $2',
        [response, SURVEYOR.id],
      )
    ).rows[0].id;

    // SURVEYOR2 has neither comment nor summary yet; SURVEYOR wrote one of each.
    const addComment = await stack.gql(SURVEYOR2, ADD_COMMENT, { p: practiceId, r: response });
    expect(addComment.errors?.[0]?.extensions?.code).toBe('permission-error');
    const addSummary = await stack.gql(SURVEYOR2, ADD_SUMMARY, { a: assessment });
    expect(addSummary.errors?.[0]?.extensions?.code).toBe('permission-error');
    expect((await stack.gql(SURVEYOR, EDIT_COMMENT, { id: comment })).data).toEqual({
      update_comments: { affected_rows: 0 },
    });
    expect((await stack.gql(SURVEYOR, EDIT_SUMMARY, { id: summary })).data).toEqual({
      update_general_comments: { affected_rows: 0 },
    });
    expect(await texts()).toEqual(before);

    expect((await sign(SURVEYOR)).errors).toBeUndefined();
    expect((await sign(SURVEYOR2)).errors).toBeUndefined();
    const added = await stack.gql<{ insert_comments_one: { id: number } }>(SURVEYOR2, ADD_COMMENT, {
      p: practiceId,
      r: response,
    });
    expect(added.errors).toBeUndefined();
    const summarised = await stack.gql<{ insert_general_comments_one: { id: number } }>(
      SURVEYOR2,
      ADD_SUMMARY,
      {
        a: assessment,
      },
    );
    expect(summarised.errors).toBeUndefined();
    expect((await stack.gql(SURVEYOR, EDIT_COMMENT, { id: comment })).data).toEqual({
      update_comments: { affected_rows: 1 },
    });
    expect((await stack.gql(SURVEYOR, EDIT_SUMMARY, { id: summary })).data).toEqual({
      update_general_comments: { affected_rows: 1 },
    });
    await stack.sql.query('delete from comments where id = $1', [added.data!.insert_comments_one.id]);
    await stack.sql.query('delete from general_comments where id = $1', [
      summarised.data!.insert_general_comments_one.id,
    ]);
    await stack.sql.query(`update comments set comment = 'Asked for the fridge log.' where id = $1`, [
      comment,
    ]);
  });

  it('spec 001 §4: the back office signs before it writes to a survey in progress: no response, lock or comment unsigned', async () => {
    const UPDATE = `mutation ($id: Int!) {
      update_indicator_responses(where: {id: {_eq: $id}}, _set: {observation: "Seen by the office."}) { affected_rows } }`;
    const LOCK = `mutation ($a: Int!, $r: Int!) {
      insert_indicator_locks_one(object: {assessment_id: $a, indicator_response_id: $r, fields: []}) { id } }`;
    const ADD_COMMENT = `mutation ($p: Int!, $r: Int!) {
      insert_comments_one(object: {practice_id: $p, indicator_response_id: $r, comment: "Office note."}) { id } }`;
    const practiceId = (
      await stack.sql.query(
        'select acc.practice_id from assessments a join accreditations acc on acc.id = a.accreditation_id where a.id = $1',
        [assessment],
      )
    ).rows[0].practice_id;
    for (const caller of [QAM, ADMIN]) {
      expect((await stack.gql(caller, UPDATE, { id: response })).data).toEqual({
        update_indicator_responses: { affected_rows: 0 },
      });
      expect(
        (await stack.gql(caller, LOCK, { a: assessment, r: response })).errors?.[0]?.extensions?.code,
      ).toBe('permission-error');
      expect(
        (await stack.gql(caller, ADD_COMMENT, { p: practiceId, r: response })).errors?.[0]?.extensions?.code,
      ).toBe('permission-error');
    }
    expect((await sign(QAM)).errors).toBeUndefined();
    expect((await stack.gql(QAM, UPDATE, { id: response })).data).toEqual({
      update_indicator_responses: { affected_rows: 1 },
    });
    await stack.sql.query('update indicator_responses set observation = null where id = $1', [response]);
  });

  it('the back office reviews every survey without signing', async () => {
    for (const caller of [QAM, ADMIN]) expect(await reads(caller)).toMatchObject(EVERYTHING);
  });

  it('the agreement is asked only while in progress: a partially submitted survey is read without it', async () => {
    await setStatus('PARTIALLY_SUBMITTED');
    expect(await reads(SURVEYOR2)).toMatchObject(EVERYTHING);
  });
});

describe('the practice manager', () => {
  it('reads none of a survey’s findings before it is reviewed, even with a signature; then reads them', async () => {
    await insertRow(stack.sql, 'confidentiality_signs', { assessment_id: assessment, user_id: PM.id });
    for (const status of ['IN_PROGRESS', 'PARTIALLY_SUBMITTED', 'UNDER_REVIEW']) {
      await setStatus(status);
      expect([status, await reads(PM)]).toEqual([
        status,
        { assessments: [{ id: assessment, status }], ...NOTHING },
      ]);
    }
    await setStatus('ACTION_REQUIRED');
    expect(await reads(PM)).toMatchObject(EVERYTHING);
  });

  it('cannot sign the agreement to get in', async () => {
    const result = await sign(PM);
    expect(result.errors?.[0]?.extensions?.code).toBe('forbidden');
    const { rows } = await stack.sql.query(
      'select count(*)::int as n from confidentiality_signs where assessment_id = $1',
      [assessment],
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
});

describe('the surveyor summary: only its author or the back office edits it, and the author until they submit', () => {
  const EDIT = `mutation ($id: Int!, $t: String!) { update_general_comments(where: {id: {_eq: $id}}, _set: {text: $t}) { affected_rows } }`;
  const edit = async (caller: RoleCaller, text: string) =>
    (
      await stack.gql<{ update_general_comments: { affected_rows: number } }>(caller, EDIT, {
        id: summary,
        t: text,
      })
    ).data?.update_general_comments.affected_rows;
  const text = async () =>
    (await stack.sql.query('select text from general_comments where id = $1', [summary])).rows[0].text;

  it('the author edits it; the other visitor and the practice manager cannot, and nothing changes', async () => {
    await sign(SURVEYOR);
    await sign(SURVEYOR2);
    expect(await edit(SURVEYOR2, 'Not mine.')).toBe(0);
    expect(await edit(PM, 'Not mine.')).toBe(0);
    expect(await text()).toBe('Well run.');
    expect(await edit(SURVEYOR, 'Well run, with two gaps.')).toBe(1);
    expect(await text()).toBe('Well run, with two gaps.');
  });

  it('once the author has submitted, they cannot change it; the back office still can', async () => {
    await insertRow(stack.sql, 'assessment_submissions', { assessment_id: assessment, user_id: SURVEYOR.id });
    await setStatus('PARTIALLY_SUBMITTED');
    expect(await edit(SURVEYOR, 'Changed after submitting.')).toBe(0);
    expect(await text()).toBe('Well run.');
    expect(await edit(ADMIN, 'Corrected by the provider.')).toBe(1);
    expect(await text()).toBe('Corrected by the provider.');
  });

  it('one summary per surveyor: a second one by the author is refused', async () => {
    await sign(SURVEYOR);
    const result = await stack.gql(
      SURVEYOR,
      'mutation ($a: Int!) { insert_general_comments_one(object: {assessment_id: $a, text: "Another."}) { id } }',
      { a: assessment },
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('constraint-violation');
    const { rows } = await stack.sql.query(
      'select count(*)::int as n from general_comments where assessment_id = $1 and user_id = $2',
      [assessment, SURVEYOR.id],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
