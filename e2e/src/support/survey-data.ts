import { AGREEMENT_VERSION, assessmentPath } from '@portal/domain';
import {
  createAccreditation,
  createResponse,
  createStandards,
  createSurveyVisit,
  type Standards,
} from '@portal/testkit/assessment-factories';
import { addPracticeRole, createAssessment, createPractice } from '@portal/testkit/factories';
import type pg from 'pg';
import { createTestUser, type TestUser } from './assessment-data.ts';

/**
 * The data of the survey visit journeys, made by each test (`stack.sql`): a practice with its
 * manager, two surveyors who accepted its survey visit (the first the lead), standards of two sets
 * of two indicators (each asks 'Question 1?' with a must-have 'Item 1' and an 'Item 2') and the
 * survey visit assessment IN_PROGRESS with a blank response per indicator. Nothing depends on the
 * demo data's ids.
 */
export interface SurveyWorld {
  practice: { id: number; name: string };
  manager: TestUser;
  /** The lead surveyor and the second surveyor. */
  surveyors: [TestUser, TestUser];
  standards: Standards;
  visitId: number;
  assessmentId: number;
}

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}`;

export async function createSurveyWorld(
  sql: pg.Pool,
  options: {
    signed?: readonly number[];
    /** The standards' shape (two sets of two indicators unless said). */
    sets?: number;
    indicatorsPerSet?: number;
  } = {},
): Promise<SurveyWorld> {
  const id = unique();
  const practice = await createPractice(sql, { name: `Bayview Medical Centre ${id}` });
  const manager = await createTestUser(sql, {
    email: `manager-${id}@e2e.test`,
    firstName: 'Morgan',
    lastName: 'Lee',
  });
  await addPracticeRole(sql, practice.id, manager.id, 'PM');
  const surveyors: [TestUser, TestUser] = [
    await createTestUser(sql, {
      email: `sasha-${id}@e2e.test`,
      firstName: 'Sasha',
      lastName: 'Patel',
      isSurveyor: true,
    }),
    await createTestUser(sql, {
      email: `drew-${id}@e2e.test`,
      firstName: 'Drew',
      lastName: 'Okafor',
      isSurveyor: true,
    }),
  ];
  for (const s of surveyors) await addPracticeRole(sql, practice.id, s.id, 'SU');
  const standards = await createStandards(sql, {
    sets: options.sets,
    indicatorsPerSet: options.indicatorsPerSet,
  });
  const accreditationId = await createAccreditation(sql, practice.id, {
    surveyVersionId: standards.surveyVersionId,
    isFirstView: false,
  });
  await sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
    practice.id,
  ]);
  const visitId = await createSurveyVisit(sql, accreditationId, [
    { userId: surveyors[0].id, isLead: true },
    { userId: surveyors[1].id },
  ]);
  await sql.query(`update survey_visits set status = 'FINAL', date = public.portal_today() where id = $1`, [
    visitId,
  ]);
  const { id: assessmentId } = await createAssessment(sql, accreditationId, {
    type: 'SURVEY_VISIT',
    survey_visit_id: visitId,
    status: 'IN_PROGRESS',
  });
  for (const indicatorId of standards.indicatorIds) await createResponse(sql, assessmentId, indicatorId);
  for (const index of options.signed ?? []) {
    await sql.query(
      'insert into confidentiality_signs (assessment_id, user_id, agreement_version) values ($1, $2, $3)',
      [assessmentId, surveyors[index]!.id, AGREEMENT_VERSION],
    );
  }
  return { practice, manager, surveyors, standards, visitId, assessmentId };
}

export const surveyPath = (world: SurveyWorld) => assessmentPath(world.practice.id, world.assessmentId);
