import { EDITION_CHANGES_MESSAGES, type TEditionChanges } from '@portal/domain';
import { pdfPageTexts } from '@portal/pdf/pdf-text';
import { createMappedEditions, type TestMappedEditions } from '@portal/testkit/edition-factories';
import {
  addPracticeRole,
  createAccreditation,
  createAssessment,
  createPractice,
  createUser,
  insertRow,
} from '@portal/testkit/factories';
import { createTestContext, signIn, TEST_ACTIONS_SECRET, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAssessmentForCaller } from '../../services/assessments/assessment-access.ts';
import { dryRunMove, moveAssessments } from '../../services/editions/move-assessments.ts';
import type { Caller } from '../../services/practices/practice-access.ts';

// "What changes for us" (issue 30): the practice's view of a newer edition, as JSON and as a PDF,
// computed as the dry run computes it; read by the practice's people and the back office only.
type Who = 'pm' | 'surveyor' | 'qam' | 'admin' | 'otherPm' | 'stranger';

let ctx: TestContext;
let editions: TestMappedEditions;
const tokens = {} as Record<Who, string>;
let adminId: number;
let otherPmId: number;

const get = (practiceId: number | string, token?: string, pdf = false) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/practices/${practiceId}/edition-changes${pdf ? '.pdf' : ''}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** A practice answering the older edition: A1 Not met, A2 N/A, A3 and A4 done, A5 N/A. */
async function answeredPractice(name: string) {
  const practice = await createPractice(ctx.sql, { name });
  const accreditation = await createAccreditation(ctx.sql, practice.id, {
    survey_version_id: editions.older.id,
  });
  await ctx.sql.query(
    'update public.practices set current_accreditation_id = $1 where organisation_id = $2',
    [accreditation.id, practice.id],
  );
  const assessment = await createAssessment(ctx.sql, accreditation.id);
  const answer = (code: string, columns: Record<string, unknown>) =>
    insertRow(ctx.sql, 'indicator_responses', {
      assessment_id: assessment.id,
      indicator_id: editions.older.indicators[code],
      ...columns,
      checklists: JSON.stringify(columns.checklists ?? {}),
    });
  await answer('A1', { compliance: 'NOT_MET', checklists: { 1: { 1: true } }, observation: 'Door sign.' });
  await answer('A2', { compliance: 'NOT_APPLICABLE' });
  await answer('A3', { is_marked_complete: true });
  await answer('A4', { is_marked_complete: true });
  await answer('A5', { compliance: 'NOT_APPLICABLE' });
  return { practice, assessment };
}

let bayside: Awaited<ReturnType<typeof answeredPractice>>;
let other: Awaited<ReturnType<typeof answeredPractice>>;

beforeAll(async () => {
  ctx = await createTestContext();
  editions = await createMappedEditions(ctx.sql);
  bayside = await answeredPractice('Bayside Medical Centre');
  other = await answeredPractice('Hillside Clinic');
  const users = {
    pm: await createUser(ctx.sql),
    surveyor: await createUser(ctx.sql, { isSurveyor: true }),
    qam: await createUser(ctx.sql, { isQam: true }),
    admin: await createUser(ctx.sql, { isAdmin: true }),
    otherPm: await createUser(ctx.sql),
    stranger: await createUser(ctx.sql),
  };
  adminId = users.admin.id;
  otherPmId = users.otherPm.id;
  await addPracticeRole(ctx.sql, bayside.practice.id, users.pm.id, 'PM');
  await addPracticeRole(ctx.sql, bayside.practice.id, users.surveyor.id, 'SU');
  await addPracticeRole(ctx.sql, other.practice.id, users.otherPm.id, 'PM');
  for (const [who, user] of Object.entries(users))
    tokens[who as Who] = (await signIn(ctx.app, user.email, user.password)).accessToken;
});
afterAll(() => ctx?.close());

describe('GET /api/practices/:practiceId/edition-changes', () => {
  it('previews the newer edition for the practice: each group, and the same indicators as the dry run', async () => {
    const response = await get(bayside.practice.id, tokens.pm);
    expect(response.statusCode, response.body).toBe(200);
    const changes = response.json() as TEditionChanges;
    expect(changes).toMatchObject({
      practice: { id: bayside.practice.id, name: 'Bayside Medical Centre' },
      state: 'PREVIEW',
      assessment: { id: bayside.assessment.id, edition: { id: editions.older.id } },
      newer: { id: editions.newer.id },
      mappingId: editions.mappingId,
      moved: null,
      retired: [{ code: 'A5', name: 'Indicator A5', answered: true }],
    });
    const byCode = Object.fromEntries(changes.indicators.map((i) => [i.code, i]));
    expect(byCode.B1).toMatchObject({
      outcome: 'EQUIVALENT',
      answer: 'carried',
      ticks: 1,
      observation: true,
    });
    expect(byCode.B2a).toMatchObject({ outcome: 'SPLIT', flag: 'CHANGED', from: ['A2'] });
    expect(byCode.B3).toMatchObject({ outcome: 'MERGED', from: ['A3', 'A4'], answer: 'carried' });
    expect(byCode.B4).toMatchObject({ outcome: 'NEW', flag: 'NEW', answer: 'none' });
    // The dry run of a move says the same, indicator by indicator.
    const [dry] = await dryRunMove({ db: ctx.app.db }, adminId, {
      mappingId: editions.mappingId,
      assessmentIds: [bayside.assessment.id],
    });
    expect(changes.indicators).toEqual(dry!.indicators);
    expect(changes.retired).toEqual(dry!.retired);
  });

  it('is read by the practice’s people and the back office; no token, a stranger and another practice’s manager are refused', async () => {
    for (const who of ['pm', 'surveyor', 'qam', 'admin'] as const)
      expect((await get(bayside.practice.id, tokens[who])).statusCode, who).toBe(200);
    expect((await get(bayside.practice.id)).statusCode).toBe(401);
    for (const who of ['stranger', 'otherPm'] as const) {
      const refused = await get(bayside.practice.id, tokens[who]);
      expect(refused.statusCode, who).toBe(404);
      expect(refused.json().message).toBe(EDITION_CHANGES_MESSAGES.noSuchPractice);
    }
    // An unknown practice answers as one the caller may not see; a bad id is a clear 400.
    expect((await get(999_999_999, tokens.pm)).statusCode).toBe(404);
    expect((await get('abc', tokens.pm)).statusCode).toBe(400);
  });

  it('shows nothing to move for a practice on the newer edition', async () => {
    const practice = await createPractice(ctx.sql);
    const accreditation = await createAccreditation(ctx.sql, practice.id, {
      survey_version_id: editions.newer.id,
    });
    await createAssessment(ctx.sql, accreditation.id);
    const response = await get(practice.id, tokens.admin);
    expect(response.json()).toMatchObject({ state: 'NONE', indicators: [], retired: [] });
  });
});

describe('GET /api/practices/:practiceId/edition-changes.pdf', () => {
  it('is a PDF of the groups with their counts, codes and names', async () => {
    const response = await get(bayside.practice.id, tokens.pm, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/bayside-medical-centre-what-changes-.*\.pdf/i);
    const text = (await pdfPageTexts(response.rawPayload)).join('\n');
    for (const expected of [
      'Bayside Medical Centre',
      'New (1)',
      'Changed (3)',
      'Retired (1)',
      'Carried (1)',
      'B4',
      'Indicator B4',
      'From A3 + A4',
      'A5',
      'The answer stays with the older assessment.',
    ])
      expect(text).toContain(expected);
  });

  it('is refused as the JSON is: no token 401, another practice’s manager 404', async () => {
    expect((await get(bayside.practice.id, undefined, true)).statusCode).toBe(401);
    expect((await get(bayside.practice.id, tokens.otherPm, true)).statusCode).toBe(404);
    expect((await get(bayside.practice.id, tokens.stranger, true)).statusCode).toBe(404);
  });
});

describe('after the move', () => {
  it('shows what was carried and what is still to review', async () => {
    const moved = await moveAssessments(ctx.app, adminId, {
      mappingId: editions.mappingId,
      assessmentIds: [other.assessment.id],
    });
    const copy = moved.moved[0]!.movedTo;
    const otherPmToken = tokens.otherPm;
    const changes = (await get(other.practice.id, otherPmToken)).json() as TEditionChanges;
    expect(changes).toMatchObject({
      state: 'MOVED',
      assessment: { id: other.assessment.id, edition: { id: editions.older.id } },
      newer: { id: editions.newer.id },
      mappingId: editions.mappingId,
      moved: { assessmentId: copy, moveId: moved.moved[0]!.moveId, stillNew: 1, stillToReview: 3 },
    });
    expect(changes.indicators.map((i) => i.code)).toEqual(['B1', 'B2a', 'B2b', 'B3', 'B4']);
    // Answering a changed indicator clears its flag; the view counts one fewer to review.
    await ctx.sql.query(
      `update public.indicator_responses r set compliance = 'MET' from public.indicators i
        where i.id = r.indicator_id and r.assessment_id = $1 and i.code = 'B2a'`,
      [copy],
    );
    const after = (await get(other.practice.id, otherPmToken)).json() as TEditionChanges;
    expect(after.moved).toMatchObject({ stillToReview: 2 });
    const pdf = (await pdfPageTexts((await get(other.practice.id, otherPmToken, true)).rawPayload)).join(
      '\n',
    );
    expect(pdf).toContain('MOVED ON');
    expect(pdf).toContain('The answer was carried');

    // The older assessment is read as it was: opened without a write, its report on its own
    // edition, none of its buttons but the report; the copy is the practice's self assessment.
    const open = await ctx.app.inject({
      method: 'POST',
      url: '/api/actions/openAssessment',
      headers: { 'x-actions-secret': TEST_ACTIONS_SECRET },
      payload: {
        action: { name: 'openAssessment' },
        input: { assessmentId: other.assessment.id },
        session_variables: { 'x-hasura-user-id': String(otherPmId), 'x-hasura-role': 'user' },
      },
    });
    expect(open.json()).toEqual({ id: other.assessment.id, releasedLocks: 0, createdResponses: 0 });
    const caller = { userId: otherPmId, role: 'user', backOfficeRole: null, actor: { userId: otherPmId } };
    const { context, buttons } = await loadAssessmentForCaller(
      ctx.app.db,
      caller as Caller,
      other.assessment.id,
      {
        bulkToolsSwitch: true,
      },
    );
    expect(context.moved).toBe(true);
    expect(Object.entries(buttons).filter(([, shown]) => shown)).toEqual([['report', true]]);
    const report = await ctx.app.inject({
      method: 'GET',
      url: `/api/assessments/${other.assessment.id}/report`,
      headers: { authorization: `Bearer ${otherPmToken}` },
    });
    expect(report.statusCode).toBe(200);
    const text = (await pdfPageTexts(report.rawPayload)).join('\n');
    expect(text).toContain(`Edition ${editions.older.code}`);
    expect(text).toContain('A5');
  });
});
