import { potentialCommencementDate } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { loadAssessmentForCaller, requireThat } from '../assessments/assessment-access.ts';
import type { Caller } from '../practices/practice-access.ts';

/**
 * `potentialCommencementDate(assessmentId)` (spec 001 §7 GET potential_commencement_date, the
 * Issue certificate modal's default): `potentialCommencementDate` of the domain, from today and
 * the latest expiry of the practice's valid accreditation certificates. Only for whoever sees
 * Issue certificate on the assessment; others are refused as for the certify action.
 */
export async function getPotentialCommencementDate(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { assessmentId: number },
) {
  const { assessment, buttons } = await loadAssessmentForCaller(app.db, caller, input.assessmentId, {
    bulkToolsSwitch: app.config.assessmentBulkTools,
  });
  requireThat(buttons.issueCertificate, 'forbidden');
  const row = await app.db.one<{ today: string; expiry: string | null }>(sql`
    select to_char(public.portal_today(), 'YYYY-MM-DD') as today,
           (select to_char(max(c.expiry_date), 'YYYY-MM-DD') from public.certificates c
             where c.practice_id = ${assessment.practice_id} and c.type = 'ACCREDITATION'
               and c.validity = 'VALID') as expiry`);
  return { date: potentialCommencementDate(row.today, row.expiry) };
}
