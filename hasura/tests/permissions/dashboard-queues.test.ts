import {
  backOfficeQueueVariables,
  portalToday,
  practiceManagerQueueVariables,
  practiceManagerQueueWhere,
  surveyorQueueWhere,
} from '@portal/domain';
import {
  addPracticeRole,
  addSurveyVisitor,
  createAccreditation,
  createAssessment,
  createPractice,
  createSurveyVisit,
  createUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { GetBackOfficeQueueQuery } from '@portal/web/dashboard-api/get-back-office-queue';
import { PracticeManagerQueueSubscription } from '@portal/web/dashboard-api/subscribe-practice-manager-queue';
import { SurveyorQueueSubscription } from '@portal/web/dashboard-api/subscribe-surveyor-queue';
import { type DocumentNode, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleCaller } from './world.ts';

// The dashboard's documents, its live queries asked as queries (the same selection and rules), by each role: the
// row rules, not the filters the page sends, keep each caller to their own work. A caller who
// sends another user's filter, or none, gets nothing more.

let stack: TestStack;
let PM_A: RoleCaller;
let PM_B: RoleCaller;
let SURVEYOR_A: RoleCaller;
let SURVEYOR_B: RoleCaller;
let QAM: RoleCaller;
let practiceA: number;
let practiceB: number;
let reviewA: number;
let reviewB: number;
const today = portalToday();

const asQuery = (document: DocumentNode) => print(document).replace(/^subscription /, 'query ');

beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  const { sql } = stack;
  const as = (user: Awaited<ReturnType<typeof createUser>>, role: string): RoleCaller => ({ ...user, role });
  PM_A = as(await createUser(sql), 'user');
  PM_B = as(await createUser(sql), 'user');
  SURVEYOR_A = as(await createUser(sql, { isSurveyor: true }), 'user');
  SURVEYOR_B = as(await createUser(sql, { isSurveyor: true }), 'user');
  QAM = as(await createUser(sql, { isQam: true }), 'qam');
  const world = [
    { pm: PM_A, surveyor: SURVEYOR_A },
    { pm: PM_B, surveyor: SURVEYOR_B },
  ];
  const made: Array<{ practice: number; review: number }> = [];
  for (const { pm, surveyor } of world) {
    const practice = await createPractice(sql);
    await sql.query(`update practices set status = 'IN_PROGRESS' where organisation_id = $1`, [practice.id]);
    await addPracticeRole(sql, practice.id, pm.id, 'PM');
    const cycle = await createAccreditation(sql, practice.id, { qam_id: QAM.id });
    const review = await createAssessment(sql, cycle.id, { status: 'UNDER_REVIEW' });
    const visit = await createSurveyVisit(sql, cycle.id, { status: 'PLANNING' });
    await addSurveyVisitor(sql, visit.id, surveyor.id, 'OFFERED');
    made.push({ practice: practice.id, review: review.id });
  }
  [practiceA, practiceB] = [made[0]!.practice, made[1]!.practice];
  [reviewA, reviewB] = [made[0]!.review, made[1]!.review];
}, 60_000);
afterAll(() => stack?.close());

interface PmAnswer {
  practices: Array<{ organisation_id: number }>;
}
interface SurveyorAnswer {
  survey_visitors: Array<{ user_id?: number; id: number; practice_name: string | null }>;
}
interface BackOfficeAnswer {
  reviews: Array<{ id: number }>;
  reviewsCount: { aggregate: { count: number } };
  toPlan: Array<{ id: number }>;
}

async function ask<T>(caller: RoleCaller, document: DocumentNode, variables: Record<string, unknown>) {
  const result = await stack.gql<T>(caller, asQuery(document), variables);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

describe("the dashboard's queries keep each role to its own work", () => {
  it('gives a practice manager their own practices only, whatever filter they send', async () => {
    const own = await ask<PmAnswer>(
      PM_A,
      PracticeManagerQueueSubscription,
      practiceManagerQueueVariables(PM_A.id, '2027-03-01'),
    );
    expect(own.practices.map((p) => p.organisation_id)).toEqual([practiceA]);
    const forged = await ask<PmAnswer>(PM_A, PracticeManagerQueueSubscription, {
      where: practiceManagerQueueWhere(PM_B.id),
      userId: PM_B.id,
      reviewBy: '2099-12-31',
    });
    expect(forged.practices).toEqual([]);
    const everything = await ask<PmAnswer>(PM_A, PracticeManagerQueueSubscription, {
      where: {},
      userId: PM_A.id,
      reviewBy: '2099-12-31',
    });
    expect(everything.practices.map((p) => p.organisation_id)).toEqual([practiceA]);
  });

  it("gives a surveyor their own offers only, never another surveyor's", async () => {
    const own = await ask<SurveyorAnswer>(SURVEYOR_A, SurveyorQueueSubscription, {
      where: surveyorQueueWhere(SURVEYOR_A.id),
      userId: SURVEYOR_A.id,
    });
    expect(own.survey_visitors).toHaveLength(1);
    const forged = await ask<SurveyorAnswer>(SURVEYOR_A, SurveyorQueueSubscription, {
      where: surveyorQueueWhere(SURVEYOR_B.id),
      userId: SURVEYOR_B.id,
    });
    expect(forged.survey_visitors).toEqual([]);
    const everything = await ask<SurveyorAnswer>(SURVEYOR_A, SurveyorQueueSubscription, {
      where: {},
      userId: SURVEYOR_A.id,
    });
    expect(everything.survey_visitors.map((v) => v.id)).toEqual(own.survey_visitors.map((v) => v.id));
  });

  it("gives a practice manager who asks the back office's query only their own practice's rows", async () => {
    const vars = backOfficeQueueVariables(QAM.id, 'provider_admin', today);
    const pm = await ask<BackOfficeAnswer>(PM_A, GetBackOfficeQueueQuery, vars);
    expect(pm.reviews.map((r) => r.id)).toEqual([reviewA]);
    expect(pm.reviewsCount.aggregate.count).toBe(1);
    const qam = await ask<BackOfficeAnswer>(
      QAM,
      GetBackOfficeQueueQuery,
      backOfficeQueueVariables(QAM.id, 'qam', today),
    );
    expect(qam.reviews.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [reviewA, reviewB].sort((a, b) => a - b),
    );
    expect(qam.reviewsCount.aggregate.count).toBe(2);
    expect(qam.toPlan).toHaveLength(2);
    // A surveyor who is no one on either practice reads no review.
    const surveyor = await ask<BackOfficeAnswer>(SURVEYOR_B, GetBackOfficeQueueQuery, vars);
    expect(surveyor.reviews).toEqual([]);
    expect(practiceB).toBeGreaterThan(0);
  });
});
