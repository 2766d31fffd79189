import { createSubmission } from '@portal/testkit/assessment-factories';
import type pg from 'pg';
import { createTestUser, type TestUser } from './assessment-data.ts';
import { createSurveyWorld, type SurveyWorld } from './survey-data.ts';

/**
 * The data of the review-to-certificate journey, made by each test: the survey world of
 * `createSurveyWorld` (a practice, its manager, two surveyors, standards of four indicators C1.1,
 * C1.2, C2.1, C2.2) brought UNDER_REVIEW as its surveyors would leave it: both signed and
 * submitted, each wrote a summary, C1.1 is Met (its must-have ticked) and the other three are Not
 * met with a statement, a type and a risk. Also its QAM and a provider admin who is a certifier
 * (an active staff user). Nothing depends on the demo data's ids.
 */
export interface ReviewWorld extends SurveyWorld {
  qam: TestUser;
  admin: TestUser;
  /** Response ids by indicator code. */
  responseIds: Map<string, number>;
  /** The practice's site (its physical address), printed on the certificate. */
  site: { street: string; suburb: string };
  /** The codes of the three non-conformities, in order. */
  nonConformities: [string, string, string];
}

const NOT_MET = [
  {
    statement: 'The practice could not show a current infection control policy.',
    type: 'Policy',
    riskType: 'Clinical',
    likelihood: 'MODERATE',
    impact: 'HIGH',
    rating: 'HIGH',
  },
  {
    statement: 'Two vaccine fridge temperature logs were missing for March.',
    type: 'Records',
    riskType: 'Clinical',
    likelihood: 'LOW',
    impact: 'HIGH',
    rating: 'MODERATE',
  },
  {
    statement: 'The complaints register had no entries reviewed by the practice owner.',
    type: 'Governance',
    riskType: 'Organisational',
    likelihood: 'LOW',
    impact: 'LOW',
    rating: 'LOW',
  },
] as const;

export async function createReviewWorld(sql: pg.Pool): Promise<ReviewWorld> {
  const world = await createSurveyWorld(sql, { signed: [0, 1] });
  const id = world.practice.id;
  const qam = await createTestUser(sql, {
    email: `qam-${id}@e2e.test`,
    firstName: 'Quinn',
    lastName: 'Harper',
    isQam: true,
    isStaff: true,
  });
  const admin = await createTestUser(sql, {
    email: `admin-${id}@e2e.test`,
    firstName: 'Avery',
    lastName: 'Stone',
    isAdmin: true,
    isStaff: true,
  });
  const site = { street: '14 Jetty Road', suburb: 'Glenelg' };
  await sql.query(
    `with a as (insert into addresses (street, suburb, state, postcode) values ($2, $3, 'SA', '5045') returning id)
     update organisations set physical_address_id = (select id from a) where id = $1`,
    [id, site.street, site.suburb],
  );
  const { rows } = await sql.query<{ id: number; code: string }>(
    `select r.id, i.code from indicator_responses r join indicators i on i.id = r.indicator_id
      where r.assessment_id = $1 order by i.code`,
    [world.assessmentId],
  );
  const responseIds = new Map(rows.map((r) => [r.code, r.id]));
  const [met, ...rest] = rows;
  await sql.query(
    `update indicator_responses set compliance = 'MET', checklists = '{"1": {"1": true}}' where id = $1`,
    [met!.id],
  );
  for (const [index, response] of rest.entries()) {
    const finding = NOT_MET[index]!;
    await sql.query(
      `update indicator_responses
          set compliance = 'NOT_MET', non_compliance_statement = $2, non_compliance_type = $3,
              risk_type = $4, risk_likelihood = $5, risk_impact = $6, risk_rating = $7,
              observation = case when $8 then 'Consider a quarterly audit.' end
        where id = $1`,
      [
        response.id,
        finding.statement,
        finding.type,
        finding.riskType,
        finding.likelihood,
        finding.impact,
        finding.rating,
        index === 0,
      ],
    );
  }
  for (const [index, surveyor] of world.surveyors.entries()) {
    await sql.query('insert into general_comments (assessment_id, user_id, text) values ($1, $2, $3)', [
      world.assessmentId,
      surveyor.id,
      index === 0
        ? 'A well-run practice with engaged staff; infection control documentation needs attention.'
        : 'Records are mostly complete; the complaints process needs the owner’s review.',
    ]);
    await createSubmission(sql, world.assessmentId, surveyor.id);
  }
  await sql.query(`update assessments set status = 'UNDER_REVIEW' where id = $1`, [world.assessmentId]);
  return {
    ...world,
    qam,
    admin,
    responseIds,
    site,
    nonConformities: rest.map((r) => r.code) as [string, string, string],
  };
}
