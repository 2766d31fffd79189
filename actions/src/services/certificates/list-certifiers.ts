import { derivePermissionFlags } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { requireThat } from '../assessments/assessment-access.ts';
import type { Caller } from '../practices/practice-access.ts';

/**
 * `certifiers` (spec 001 §7 GraphQL 'certifiers'; spec 002 'Certifiers: staff users who are
 * active'): whom the Issue certificate modal offers as 'Certified by', by name. Only for callers
 * whose back-office role holds certifySurvey (ours: nobody else needs the list of staff).
 */
export async function listCertifiers(app: Pick<FastifyInstance, 'db'>, caller: Caller) {
  const flags = derivePermissionFlags(
    { practiceRoles: [], backOfficeRole: caller.backOfficeRole, visitorOnSurveyVisitIds: [] },
    { surveyVisitId: null },
  );
  requireThat(flags.assessment.certifySurvey, 'forbidden');
  return app.db.many<{ id: number; name: string }>(sql`
    select id, coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), email::text) as name
      from public.users
     where is_staff and is_active
     order by lower(first_name), lower(last_name), id`);
}
