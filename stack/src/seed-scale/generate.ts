import { insertAccreditations } from './accreditations.ts';
import { insertAssessmentReviews } from './assessment-reviews.ts';
import { insertAssessments } from './assessments.ts';
import { insertCertificates } from './certificates.ts';
import { readContext, type ScaleContext, type Sql } from './context.ts';
import { insertDocuments } from './documents.ts';
import { finishLoad } from './finish-load.ts';
import { insertIndicatorResponses } from './indicator-responses.ts';
import { planPractices } from './plan.ts';
import { insertPracticeStaff } from './practice-staff.ts';
import { insertPracticeUsers } from './practice-users.ts';
import { insertPractices } from './practices.ts';
import { insertReapplications } from './reapplications.ts';
import { insertSurveyVisits } from './survey-visits.ts';
import { insertUsers } from './users.ts';

/**
 * The generators in the order they run: each fills one table (or a closely related group) and may
 * read what the ones before it wrote. A new table's data is one module and one entry here.
 */
const STEPS: readonly ((context: ScaleContext) => Promise<void>)[] = [
  planPractices,
  insertUsers,
  insertPractices,
  insertPracticeUsers,
  insertPracticeStaff,
  insertAccreditations,
  insertSurveyVisits,
  insertReapplications,
  insertAssessments,
  insertIndicatorResponses,
  insertAssessmentReviews,
  insertDocuments,
  insertCertificates,
  finishLoad,
];

/** The generation itself: a handful of set-based statements, all inside the caller's transaction. */
export async function generate(sql: Sql, n: number): Promise<void> {
  const context = await readContext(sql, n);
  for (const step of STEPS) await step(context);
}
