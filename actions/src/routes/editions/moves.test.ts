import { createEdition, mappingFileOf, type TestEdition } from '@portal/testkit/edition-factories';
import {
  addPracticeRole,
  createAccreditation,
  createAddress,
  createAssessment,
  createDocument,
  createNetwork,
  createPractice,
  createUser,
  insertRow,
} from '@portal/testkit/factories';
import { signIn } from '@portal/testkit/test-app';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Moving a practice's assessment to a newer edition (issue 30, docs/decisions/editions.md "Moving a
// practice"): what is carried for each kind of mapping, the dry run, undo, and a move beside an edit.
let stack: TestStack;
let adminToken: string;
let older: TestEdition;
let newer: TestEdition;
let mappingId: number;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  const admin = await createUser(stack.sql, { isAdmin: true });
  adminToken = (await signIn(stack.app, admin.email, admin.password)).accessToken;
  older = await createEdition(stack.sql, { A1: 2, A2: 1, A3: 1, A4: 1, A5: 0 });
  newer = await createEdition(stack.sql, { B1: 3, B2a: 0, B2b: 1, B3: 1, B4: 0 });
  const file = mappingFileOf(older, newer, { a4Item: true });
  const imported = await stack.app.inject({
    method: 'POST',
    url: '/api/admin/editions/mappings/import',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    payload: JSON.stringify(file),
  });
  expect(imported.statusCode, imported.body).toBe(201);
  mappingId = imported.json().id;
});
afterAll(() => stack?.close());

/** A practice's self assessment on the older edition, answered as the carrying rules need. */
async function answeredPractice() {
  const practice = await createPractice(stack.sql);
  const author = await createUser(stack.sql);
  const accreditation = await createAccreditation(stack.sql, practice.id, { survey_version_id: older.id });
  const assessment = await createAssessment(stack.sql, accreditation.id);
  const answer = (code: string, columns: Record<string, unknown>) =>
    insertRow(stack.sql, 'indicator_responses', {
      assessment_id: assessment.id,
      indicator_id: older.indicators[code],
      ...columns,
      checklists: JSON.stringify(columns.checklists ?? {}),
    });
  const a1 = await answer('A1', {
    compliance: 'NOT_MET',
    non_compliance_statement: 'The hours are not on the website.',
    observation: 'Check the door sign.',
    checklists: { 1: { 1: true, 2: true } },
  });
  const a2 = await answer('A2', {
    compliance: 'NOT_APPLICABLE',
    observation: 'No fees.',
    checklists: { 1: { 1: true } },
  });
  await answer('A3', { is_marked_complete: true, observation: 'A3 note', checklists: { 1: { 1: true } } });
  await answer('A4', { is_marked_complete: true, observation: 'A4 note' });
  await answer('A5', { compliance: 'NOT_APPLICABLE' });
  const comment = (responseId: number, text: string) =>
    insertRow(stack.sql, 'comments', {
      practice_id: practice.id,
      indicator_response_id: responseId,
      comment: text,
      created_by_id: author.id,
    });
  await comment(a1.id, 'On A1');
  await comment(a2.id, 'On A2');
  const document = await createDocument(stack.sql, practice.id, { indicator_response_id: a1.id });
  return { practice, accreditation, assessment, a1, a2, document };
}

const post = (url: string, body: unknown, token: string | null = adminToken) =>
  stack.app.inject({
    method: 'POST',
    url: `/api/admin/editions/moves${url}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const responsesOf = async (assessmentId: number) =>
  Object.fromEntries(
    (
      await stack.sql.query(
        `select i.code, r.* from public.indicator_responses r join public.indicators i on i.id = r.indicator_id
          where r.assessment_id = $1`,
        [assessmentId],
      )
    ).rows.map((r) => [r.code, r]),
  );
/** Every row a move writes or changes, counted and summed: a refused or dry move changes none. */
const state = async () =>
  (
    await stack.sql.query(`select (select count(*) from public.assessments)::int as assessments,
      (select count(*) from public.indicator_responses)::int as responses,
      (select count(*) from public.comments)::int as comments,
      (select count(*) from public.assessment_moves)::int as moves,
      (select coalesce(sum(indicator_response_id), 0)::int from public.documents) as documents,
      (select coalesce(sum(survey_version_id), 0)::int from public.accreditations) as editions,
      (select count(*) from public.assessments where moved_to_assessment_id is not null)::int as moved`)
  ).rows[0];

describe('moving an assessment to the newer edition', () => {
  it('carries each kind by its rule, flags new and changed indicators, and keeps the older assessment read-only and linked', async () => {
    const p = await answeredPractice();
    const response = await post('', { mappingId, assessmentIds: [p.assessment.id] });
    expect(response.statusCode, response.body).toBe(200);
    const { moved, refused } = response.json();
    expect(refused).toEqual([]);
    const copy = moved[0].movedTo as number;
    const r = await responsesOf(copy);
    // Equivalent: the whole answer, the ticks through the item mapping, no flag.
    expect(r.B1).toMatchObject({
      compliance: 'NOT_MET',
      non_compliance_statement: 'The hours are not on the website.',
      observation: 'Check the door sign.',
      checklists: { 1: { 1: true, 3: true } },
      new_in_edition: false,
      review_after_move: false,
    });
    // Split: the answer on each part, the tick where its item went, "Changed — review".
    expect(r.B2a).toMatchObject({
      compliance: 'NOT_APPLICABLE',
      observation: 'No fees.',
      checklists: {},
      review_after_move: true,
    });
    expect(r.B2b).toMatchObject({
      compliance: 'NOT_APPLICABLE',
      checklists: { 1: { 1: true } },
      review_after_move: true,
    });
    // Merged, the sources agreeing: their answer, both observations, "Changed — review".
    expect(r.B3).toMatchObject({
      is_marked_complete: true,
      observation: `[A3] A3 note\n\n[A4] A4 note`,
      checklists: { 1: { 1: true } },
      review_after_move: true,
    });
    // New: empty, "New in this edition". Retired A5: nothing of it in the copy.
    expect(r.B4).toMatchObject({ compliance: null, is_marked_complete: false, new_in_edition: true });
    expect(Object.keys(r).sort()).toEqual(['B1', 'B2a', 'B2b', 'B3', 'B4']);
    // Comments copied to every part, the document moved to the first.
    const comments = await stack.sql.query(
      `select i.code, c.comment from public.comments c join public.indicator_responses r on r.id = c.indicator_response_id
        join public.indicators i on i.id = r.indicator_id where r.assessment_id = $1 order by i.code`,
      [copy],
    );
    expect(comments.rows).toEqual([
      { code: 'B1', comment: 'On A1' },
      { code: 'B2a', comment: 'On A2' },
      { code: 'B2b', comment: 'On A2' },
    ]);
    const doc = await stack.sql.query('select indicator_response_id from public.documents where id = $1', [
      p.document.id,
    ]);
    expect(doc.rows[0].indicator_response_id).toBe(r.B1.id);
    // The older assessment: kept with its answers, linked, read-only; the cycle on the newer edition.
    const old = await stack.sql.query(
      'select moved_to_assessment_id, survey_version_id from public.assessments where id = $1',
      [p.assessment.id],
    );
    expect(old.rows[0]).toEqual({ moved_to_assessment_id: copy, survey_version_id: older.id });
    expect(Object.keys(await responsesOf(p.assessment.id)).sort()).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
    await expect(
      stack.sql.query(`update public.indicator_responses set observation = 'late' where id = $1`, [p.a1.id]),
    ).rejects.toMatchObject({ constraint: 'assessment_moved' });
    await expect(
      stack.sql.query(
        'insert into public.comments (practice_id, indicator_response_id, comment) values ($1, $2, $3)',
        [p.practice.id, p.a1.id, 'late'],
      ),
    ).rejects.toMatchObject({ constraint: 'assessment_moved' });
    const acc = await stack.sql.query('select survey_version_id from public.accreditations where id = $1', [
      p.accreditation.id,
    ]);
    expect(acc.rows[0].survey_version_id).toBe(newer.id);
    // Answering a changed indicator clears its flag.
    await stack.sql.query(
      `update public.indicator_responses set compliance = null, is_marked_complete = true where id = $1`,
      [r.B2a.id],
    );
    expect((await responsesOf(copy)).B2a.review_after_move).toBe(false);
    // Moved once: a second move is refused, nothing changed.
    const before = await state();
    const again = await post('', { mappingId, assessmentIds: [p.assessment.id] });
    expect(again.json().refused[0].reason).toContain('Moved already');
    expect(await state()).toEqual(before);
  });

  it('shows indicator by indicator what a dry run would move, and changes nothing', async () => {
    const p = await answeredPractice();
    const before = await state();
    const response = await post('/dry-run', { mappingId, accreditationIds: [p.accreditation.id] });
    expect(response.statusCode, response.body).toBe(200);
    const [only] = response.json().assessments;
    expect(only).toMatchObject({
      assessmentId: p.assessment.id,
      refused: null,
      retired: [{ code: 'A5', answered: true }],
    });
    const byCode = Object.fromEntries(only.indicators.map((i: { code: string }) => [i.code, i]));
    expect(byCode.B1).toMatchObject({
      outcome: 'EQUIVALENT',
      from: ['A1'],
      flag: null,
      answer: 'carried',
      compliance: 'NOT_MET',
      ticks: 2,
      comments: 1,
      documents: 1,
    });
    expect(byCode.B2b).toMatchObject({
      outcome: 'SPLIT',
      flag: 'CHANGED',
      ticks: 1,
      comments: 1,
      documents: 0,
    });
    expect(byCode.B3).toMatchObject({
      outcome: 'MERGED',
      from: ['A3', 'A4'],
      answer: 'carried',
      observation: true,
    });
    expect(byCode.B4).toMatchObject({ outcome: 'NEW', flag: 'NEW', answer: 'none' });
    expect(await state()).toEqual(before);
  });

  it('chooses the assessments of a network or a state (only those still on the older edition)', async () => {
    const network = await createNetwork(stack.sql);
    const address = await createAddress(stack.sql, { state: 'TAS' });
    const inNetwork = await createPractice(stack.sql, {
      practice: { network_id: network.id, is_in_practice_network: true },
    });
    const inState = await createPractice(stack.sql, { organisation: { physical_address_id: address.id } });
    const assessmentOf = async (practiceId: number) => {
      const accreditation = await createAccreditation(stack.sql, practiceId, { survey_version_id: older.id });
      return (await createAssessment(stack.sql, accreditation.id)).id;
    };
    const networkAssessment = await assessmentOf(inNetwork.id);
    const stateAssessment = await assessmentOf(inState.id);
    const ids = async (body: Record<string, unknown>) =>
      (await post('/dry-run', { mappingId, ...body }))
        .json()
        .assessments.map((a: { assessmentId: number }) => a.assessmentId);
    expect(await ids({ networkId: network.id })).toEqual([networkAssessment]);
    expect(await ids({ state: 'TAS' })).toContain(stateAssessment);
    expect(await ids({ state: 'TAS' })).not.toContain(networkAssessment);
  });

  it('undoes a move nobody has edited (documents back, the copy gone, the cycle back), and refuses once the copy was edited', async () => {
    const p = await answeredPractice();
    const before = await state();
    const { moved } = (await post('', { mappingId, assessmentIds: [p.assessment.id] })).json();
    const undo = await post(`/${moved[0].moveId}/undo`, {});
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await state()).toEqual({ ...before, moves: before.moves + 1 });
    await stack.sql.query(
      `update public.indicator_responses set observation = 'editable again' where id = $1`,
      [p.a1.id],
    );
    expect((await post(`/${moved[0].moveId}/undo`, {})).statusCode).toBe(409);

    const second = (await post('', { mappingId, assessmentIds: [p.assessment.id] })).json().moved[0];
    const copy = await responsesOf(second.movedTo);
    await stack.sql.query(`update public.indicator_responses set observation = 'work' where id = $1`, [
      copy.B1.id,
    ]);
    const edited = await state();
    const refused = await post(`/${second.moveId}/undo`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('can no longer be undone');
    expect(await state()).toEqual(edited);
  });

  it('carries an edit committed while the move waits, and refuses an edit after it: nothing is lost', async () => {
    const p = await answeredPractice();
    const editor = new pg.Client({ connectionString: stack.database.url });
    await editor.connect();
    try {
      await editor.query('begin');
      await editor.query(
        `update public.indicator_responses set observation = 'edited in flight' where id = $1`,
        [p.a1.id],
      );
      const move = post('', { mappingId, assessmentIds: [p.assessment.id] });
      await expect
        .poll(
          async () =>
            (
              await stack.sql.query(
                `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
              )
            ).rows[0].n,
        )
        .toBeGreaterThan(0);
      await editor.query('commit');
      const { moved } = (await move).json();
      expect((await responsesOf(moved[0].movedTo)).B1.observation).toBe('edited in flight');
      const before = await state();
      await expect(
        editor.query(`update public.indicator_responses set observation = 'after the move' where id = $1`, [
          p.a1.id,
        ]),
      ).rejects.toMatchObject({ constraint: 'assessment_moved' });
      expect(await state()).toEqual(before);
    } finally {
      await editor.end();
    }
  });

  it('refuses an assessment someone is editing, one not in progress, an unpublished edition or an incomplete mapping, and callers who are not admins', async () => {
    const editing = await answeredPractice();
    const user = await createUser(stack.sql);
    await insertRow(stack.sql, 'indicator_locks', {
      assessment_id: editing.assessment.id,
      indicator_response_id: editing.a1.id,
      user_id: user.id,
    });
    const review = await answeredPractice();
    await stack.sql.query(`update public.assessments set status = 'UNDER_REVIEW' where id = $1`, [
      review.assessment.id,
    ]);
    const before = await state();
    const result = (
      await post('', { mappingId, assessmentIds: [editing.assessment.id, review.assessment.id, 2147483647] })
    ).json();
    expect(result.moved).toEqual([]);
    expect(result.refused.map((r: { reason: string }) => r.reason)).toEqual([
      expect.stringContaining('Someone is editing it'),
      expect.stringContaining('under review'),
      'No such assessment.',
    ]);
    const pm = await createUser(stack.sql);
    await addPracticeRole(stack.sql, editing.practice.id, pm.id, 'PM');
    const pmToken = (await signIn(stack.app, pm.email, pm.password)).accessToken;
    expect((await post('', { mappingId, assessmentIds: [review.assessment.id] }, pmToken)).statusCode).toBe(
      403,
    );
    expect(
      (await post('/dry-run', { mappingId, assessmentIds: [review.assessment.id] }, pmToken)).statusCode,
    ).toBe(403);
    expect((await post('', { mappingId, assessmentIds: [review.assessment.id] }, null)).statusCode).toBe(401);
    expect((await post('', { mappingId, assessmentIds: [1], state: 'NSW' })).statusCode).toBe(400);
    expect(
      (await post('', { mappingId, assessmentIds: Array.from({ length: 2001 }, (_, i) => i + 1) }))
        .statusCode,
    ).toBe(400);
    const draft = await createEdition(stack.sql, { C1: 0 }, { status: 'DRAFT' });
    const toDraft = await stack.sql.query(
      'insert into public.edition_mappings (from_version_id, to_version_id) values ($1, $2) returning id',
      [older.id, draft.id],
    );
    expect(
      (await post('', { mappingId: toDraft.rows[0].id, assessmentIds: [review.assessment.id] })).statusCode,
    ).toBe(409);
    const incomplete = await createEdition(stack.sql, { D1: 0 });
    const partial = await stack.sql.query(
      'insert into public.edition_mappings (from_version_id, to_version_id) values ($1, $2) returning id',
      [older.id, incomplete.id],
    );
    const refusedPartial = await post('/dry-run', {
      mappingId: partial.rows[0].id,
      assessmentIds: [review.assessment.id],
    });
    expect(refusedPartial.statusCode).toBe(409);
    expect(refusedPartial.json().message).toContain('Map every indicator');
    // A QAM may move (and dry-run) too.
    const qam = await createUser(stack.sql, { isQam: true });
    const qamToken = (await signIn(stack.app, qam.email, qam.password)).accessToken;
    expect(
      (await post('/dry-run', { mappingId, assessmentIds: [review.assessment.id] }, qamToken)).statusCode,
    ).toBe(200);
    expect(await state()).toEqual(before);
  });
});
