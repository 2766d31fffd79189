import { randomBytes } from 'node:crypto';
import type { TIndicatorResponseFields } from '@portal/domain';
import type pg from 'pg';
import { addPracticeRole, createPractice, createUser } from './factories.ts';

/**
 * Factories of the assessment data: standards (survey version → indicator sets → indicators →
 * checklists → items), accreditations, assessments, responses, survey visits with visitors and
 * submissions. Each takes overrides and returns the ids it made; nothing depends on seed ids.
 */

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

/** One indicator of the standards to make: its checklist items per question (true = must-have). */
export interface IndicatorSpec {
  /** Items per question number, in order; `true` marks a must-have item. Default: one question, [true, false]. */
  questions?: boolean[][];
}

export interface Standards {
  surveyVersionId: number;
  indicatorSetIds: number[];
  /** Every indicator, in order. */
  indicatorIds: number[];
}

/**
 * A survey version with `sets` indicator sets of `indicatorsPerSet` indicators each (or the given
 * indicators in one set); each indicator's checklist as its spec says.
 */
export async function createStandards(
  sql: pg.Pool,
  options: { sets?: number; indicatorsPerSet?: number; indicators?: IndicatorSpec[] } = {},
): Promise<Standards> {
  const code = unique();
  const version = await sql.query<{ id: number }>(
    'insert into public.survey_versions (code, name) values ($1, $2) returning id',
    [`V-${code}`, `Standards ${code}`],
  );
  const surveyVersionId = version.rows[0]!.id;
  const specs: IndicatorSpec[][] = options.indicators
    ? [options.indicators]
    : Array.from({ length: options.sets ?? 2 }, () =>
        Array.from({ length: options.indicatorsPerSet ?? 2 }, () => ({})),
      );
  const indicatorSetIds: number[] = [];
  const indicatorIds: number[] = [];
  for (const [s, indicators] of specs.entries()) {
    const set = await sql.query<{ id: number }>(
      `insert into public.indicator_sets (survey_version_id, name, full_code, sort_order)
       values ($1, $2, $3, $4) returning id`,
      [surveyVersionId, `Standard ${s + 1}`, `C${s + 1}`, s],
    );
    indicatorSetIds.push(set.rows[0]!.id);
    for (const [i, spec] of indicators.entries()) {
      const indicator = await sql.query<{ id: number }>(
        `insert into public.indicators (indicator_set_id, code, name, sort_order)
         values ($1, $2, $3, $4) returning id`,
        [set.rows[0]!.id, `C${s + 1}.${i + 1}`, `Indicator ${s + 1}.${i + 1}`, i],
      );
      const indicatorId = indicator.rows[0]!.id;
      indicatorIds.push(indicatorId);
      for (const [q, items] of (spec.questions ?? [[true, false]]).entries()) {
        const checklist = await sql.query<{ id: number }>(
          `insert into public.checklists (indicator_id, question_number, question_text)
           values ($1, $2, $3) returning id`,
          [indicatorId, q + 1, `Question ${q + 1}?`],
        );
        for (const [n, mustHave] of items.entries()) {
          await sql.query(
            `insert into public.checklist_items (checklist_id, item_number, item_text, must_have)
             values ($1, $2, $3, $4)`,
            [checklist.rows[0]!.id, n + 1, `Item ${n + 1}`, mustHave],
          );
        }
      }
    }
  }
  return { surveyVersionId, indicatorSetIds, indicatorIds };
}

export interface AccreditationOverrides {
  surveyVersionId?: number | null;
  qamId?: number | null;
  selfAssessmentDue?: string | null;
  isFirstView?: boolean;
  status?: 'OPEN' | 'CLOSED';
  archived?: boolean;
}

/** An accreditation cycle of the practice (OPEN, first view not yet over, unless overridden). */
export async function createAccreditation(
  sql: pg.Pool,
  practiceId: number,
  overrides: AccreditationOverrides = {},
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.accreditations (practice_id, survey_version_id, qam_id, self_assessment_due, is_first_view, status, archived)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      practiceId,
      overrides.surveyVersionId ?? null,
      overrides.qamId ?? null,
      overrides.selfAssessmentDue ?? null,
      overrides.isFirstView ?? true,
      overrides.status ?? 'OPEN',
      overrides.archived ?? false,
    ],
  );
  return rows[0]!.id;
}

/**
 * A survey visit of the accreditation, with its visitors (ACCEPTED unless said otherwise): FINAL, the
 * visit being surveyed (a cycle holds one open visit of a type, so surveyed visits are not open).
 */
export async function createSurveyVisit(
  sql: pg.Pool,
  accreditationId: number,
  visitors: Array<{ userId: number; status?: 'OFFERED' | 'ACCEPTED' | 'DECLINED'; isLead?: boolean }> = [],
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.survey_visits (accreditation_id, status) values ($1, 'FINAL') returning id`,
    [accreditationId],
  );
  const visitId = rows[0]!.id;
  for (const visitor of visitors) {
    await sql.query(
      'insert into public.survey_visitors (survey_visit_id, user_id, status, is_lead) values ($1, $2, $3, $4)',
      [visitId, visitor.userId, visitor.status ?? 'ACCEPTED', visitor.isLead ?? false],
    );
  }
  return visitId;
}

/** A response of the assessment to one indicator, blank unless fields are given. */
export async function createResponse(
  sql: pg.Pool,
  assessmentId: number,
  indicatorId: number,
  fields: Partial<TIndicatorResponseFields> & { date_closed?: string | null; archived?: boolean } = {},
): Promise<number> {
  const columns = ['assessment_id', 'indicator_id', ...Object.keys(fields)];
  const values = [
    assessmentId,
    indicatorId,
    ...Object.values(fields).map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v)),
  ];
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.indicator_responses (${columns.map((c) => `"${c}"`).join(', ')})
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    values,
  );
  return rows[0]!.id;
}

/** The user's submission of the assessment (live unless `withdrawn`). */
export async function createSubmission(
  sql: pg.Pool,
  assessmentId: number,
  userId: number,
  options: { withdrawn?: boolean } = {},
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.assessment_submissions (assessment_id, user_id, withdrawn_at)
     values ($1, $2, case when $3 then now() end) returning id`,
    [assessmentId, userId, options.withdrawn ?? false],
  );
  return rows[0]!.id;
}

/** A lock the user holds on a response (as the screen takes one when editing starts). */
export async function createIndicatorLock(
  sql: pg.Pool,
  assessmentId: number,
  responseId: number,
  userId: number,
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.indicator_locks (assessment_id, indicator_response_id, user_id)
     values ($1, $2, $3) returning id`,
    [assessmentId, responseId, userId],
  );
  return rows[0]!.id;
}

/** A user of the cast: what `stack.gql` needs to call as them, and their id. */
export interface CastMember {
  id: number;
  email: string;
  password: string;
  /** The Hasura role they call with. */
  role: 'user' | 'qam' | 'provider_admin';
}

/**
 * A practice and everyone around it: its practice manager (PM), a surveyor of the practice (SU,
 * a visitor on no visit), a QAM and a provider admin (calling with those roles), and a stranger
 * (the PM of another practice).
 */
export async function createAssessmentCast(sql: pg.Pool) {
  const practice = await createPractice(sql);
  const other = await createPractice(sql);
  const member = async (
    role: CastMember['role'],
    overrides: Parameters<typeof createUser>[1] = {},
  ): Promise<CastMember> => ({ ...(await createUser(sql, overrides)), role });
  const pm = await member('user', { firstName: 'Priya', lastName: 'Manager' });
  const surveyor = await member('user', { isSurveyor: true });
  const qam = await member('qam', { isQam: true, firstName: 'Quinn' });
  const admin = await member('provider_admin', { isAdmin: true });
  const stranger = await member('user');
  await addPracticeRole(sql, practice.id, pm.id, 'PM');
  await addPracticeRole(sql, practice.id, surveyor.id, 'SU');
  await addPracticeRole(sql, other.id, stranger.id, 'PM');
  return { practice, other, pm, surveyor, qam, admin, stranger };
}
