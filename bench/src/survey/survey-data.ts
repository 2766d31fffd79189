import {
  createAccreditation,
  createResponse,
  createStandards,
  createSurveyVisit,
} from '@portal/testkit/assessment-factories';
import { addPracticeRole, createAssessment, createPractice, createUser } from '@portal/testkit/factories';
import type pg from 'pg';

/** One simulated surveyor: their account and the responses they own. */
export interface BenchSurveyor {
  id: number;
  email: string;
  password: string;
}

export interface BenchSurvey {
  assessmentId: number;
  surveyors: BenchSurveyor[];
  /** Response ids in indicator order. */
  responseIds: number[];
}

/**
 * The survey the bench edits, made with the actions' factories: a practice, standards of
 * `indicators` indicators (one set per 15; each one question of a must-have and an optional item),
 * a FINAL visit whose `surveyors` surveyors (each SU on the practice) all ACCEPTED, and its survey
 * visit assessment IN_PROGRESS with a blank response per indicator; every surveyor has signed the
 * confidentiality agreement (without it they could read none of the findings).
 */
export async function createBenchSurvey(
  sql: pg.Pool,
  options: { surveyors: number; indicators: number },
): Promise<BenchSurvey> {
  const practice = await createPractice(sql, { name: 'Bench Survey Medical Centre' });
  const perSet = 15;
  const sets = Math.ceil(options.indicators / perSet);
  const standards = await createStandards(sql, { sets, indicatorsPerSet: perSet });
  const indicatorIds = standards.indicatorIds.slice(0, options.indicators);
  const accreditationId = await createAccreditation(sql, practice.id, {
    surveyVersionId: standards.surveyVersionId,
  });
  const surveyors: BenchSurveyor[] = [];
  for (let i = 0; i < options.surveyors; i++) {
    const user = await createUser(sql, {
      isSurveyor: true,
      firstName: 'Bench',
      lastName: `Surveyor ${i + 1}`,
      email: `bench-surveyor-${i + 1}-${Date.now().toString(36)}@bench.test`,
    });
    await addPracticeRole(sql, practice.id, user.id, 'SU');
    surveyors.push(user);
  }
  const visitId = await createSurveyVisit(
    sql,
    accreditationId,
    surveyors.map((s, i) => ({ userId: s.id, isLead: i === 0 })),
  );
  const { id: assessmentId } = await createAssessment(sql, accreditationId, {
    type: 'SURVEY_VISIT',
    status: 'IN_PROGRESS',
    survey_visit_id: visitId,
  });
  const responseIds: number[] = [];
  for (const indicatorId of indicatorIds)
    responseIds.push(await createResponse(sql, assessmentId, indicatorId));
  for (const s of surveyors)
    await sql.query('insert into confidentiality_signs (assessment_id, user_id) values ($1, $2)', [
      assessmentId,
      s.id,
    ]);
  return { assessmentId, surveyors, responseIds };
}
