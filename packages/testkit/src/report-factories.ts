import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * Factories for assessments and the standards they are made against: a standards edition of any
 * size, an accreditation, a survey visit with its visitors, an assessment, responses and
 * comments. Each inserts its own rows, so tests never depend on the demo data.
 */

const unique = () => randomBytes(4).toString('hex');

export interface StandardsShape {
  sets?: number;
  indicatorsPerSet?: number;
  questionsPerIndicator?: number;
  itemsPerQuestion?: number;
  /** Text of the indicators' names; the default is a short sentence. */
  indicatorName?: (setIndex: number, indicatorIndex: number) => string;
}

export interface CreatedIndicator {
  id: number;
  code: string;
  setCode: string;
}

/**
 * A standards edition: `sets` indicator sets (codes S1, S2, …, set names "Standard n"), each with
 * indicators S1.1A, S1.2A, …, each with questions of items; the first item of every question is
 * a must-have. Inserted set by set in a few statements.
 */
export async function createStandards(sql: pg.Pool, shape: StandardsShape = {}) {
  const { sets = 2, indicatorsPerSet = 3, questionsPerIndicator = 2, itemsPerQuestion = 3 } = shape;
  const { rows: versions } = await sql.query<{ id: number }>(
    'insert into public.survey_versions (code, name) values ($1, $2) returning id',
    [`TEST-${unique()}`, 'Test Standards, 1st edition'],
  );
  const surveyVersionId = versions[0]!.id;
  const indicators: CreatedIndicator[] = [];
  for (let s = 1; s <= sets; s++) {
    const setCode = `S${s}`;
    const { rows: setRows } = await sql.query<{ id: number }>(
      `insert into public.indicator_sets (survey_version_id, name, full_code, sort_order)
       values ($1, $2, $3, $4) returning id`,
      [surveyVersionId, `Standard ${s}: safe and effective care`, setCode, s * 10],
    );
    const codes = Array.from({ length: indicatorsPerSet }, (_, i) => `${setCode}.${i + 1}A`);
    const names = codes.map(
      (code, i) => shape.indicatorName?.(s, i + 1) ?? `Indicator ${code}: the practice does what it should.`,
    );
    const { rows: indicatorRows } = await sql.query<{ id: number; code: string }>(
      `insert into public.indicators (indicator_set_id, code, name, sort_order)
       select $1, code, name, ord * 10 from unnest($2::text[], $3::text[]) with ordinality as t(code, name, ord)
       returning id, code`,
      [setRows[0]!.id, codes, names],
    );
    await sql.query(
      `with questions as (
         insert into public.checklists (indicator_id, question_number, question_text)
         select i.id, q, 'Question ' || q || ' of ' || i.code || ': is it in place and working?'
           from unnest($1::int[]) as i_id
           join public.indicators i on i.id = i_id
           cross join generate_series(1, $2::int) as q
         returning id, question_number
       )
       insert into public.checklist_items (checklist_id, item_number, item_text, must_have)
       select questions.id, n, 'Item ' || n || ' of question ' || questions.question_number, n = 1
         from questions cross join generate_series(1, $3::int) as n`,
      [indicatorRows.map((r) => r.id), questionsPerIndicator, itemsPerQuestion],
    );
    indicators.push(...indicatorRows.map((r) => ({ id: r.id, code: r.code, setCode })));
  }
  return { surveyVersionId, indicators };
}

/** An open accreditation cycle of the practice against a standards edition. */
export async function createAccreditation(sql: pg.Pool, practiceId: number, surveyVersionId: number | null) {
  const { rows } = await sql.query<{ id: number }>(
    'insert into public.accreditations (practice_id, survey_version_id) values ($1, $2) returning id',
    [practiceId, surveyVersionId],
  );
  return rows[0]!.id;
}

/** A survey visit of the cycle, with its surveyors as ACCEPTED visitors. */
export async function createSurveyVisit(
  sql: pg.Pool,
  accreditationId: number,
  options: {
    visitorIds?: number[];
    type?: 'ACCREDITATION' | 'SURVEILLANCE' | 'RELOCATION' | 'GAP';
    /** HH:mm. */
    startTime?: string;
    endTime?: string;
    /** The first visitor is the lead. */
    lead?: boolean;
  } = {},
) {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.survey_visits (accreditation_id, type, status, date, start_time, end_time)
     values ($1, $2, 'FINAL', date '2026-03-10', $3, $4) returning id`,
    [accreditationId, options.type ?? 'ACCREDITATION', options.startTime ?? null, options.endTime ?? null],
  );
  const id = rows[0]!.id;
  for (const [index, userId] of (options.visitorIds ?? []).entries()) {
    await sql.query(
      `insert into public.survey_visitors (survey_visit_id, user_id, status, is_lead) values ($1, $2, 'ACCEPTED', $3)`,
      [id, userId, Boolean(options.lead) && index === 0],
    );
  }
  return id;
}

export interface ResponseFields {
  compliance?: 'MET' | 'NOT_MET' | 'NOT_APPLICABLE' | null;
  isMarkedComplete?: boolean;
  reviewed?: boolean;
  furtherActionRequired?: boolean;
  observation?: string | null;
  nonComplianceStatement?: string | null;
  nonComplianceType?: string | null;
  riskType?: string | null;
  riskLikelihood?: 'LOW' | 'MODERATE' | 'HIGH' | null;
  riskImpact?: 'LOW' | 'MODERATE' | 'HIGH' | null;
  /** Ticks per question number, then item number. */
  checklists?: Record<string, Record<string, boolean>>;
  archived?: boolean;
  /** The reviewer's action plan of a NOT_MET. */
  actionPlan?: string | null;
  /** CLOSED is stamped closed on `dateClosed` (default today). */
  nonConformityStatus?: 'OPEN' | 'CLOSED';
  dateClosed?: string;
  referToCa?: boolean;
}

/** A response to one indicator (the risk rating follows the matrix, as the database requires). */
export async function createResponse(
  sql: pg.Pool,
  assessmentId: number,
  indicatorId: number,
  fields: ResponseFields = {},
) {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.indicator_responses
       (assessment_id, indicator_id, compliance, is_marked_complete, reviewed, further_action_required,
        observation, non_compliance_statement, non_compliance_type, risk_type, risk_likelihood, risk_impact,
        risk_rating, checklists, archived, action_plan, non_conformity_status, date_closed, refer_to_ca)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, public.risk_rating_for($11, $12), $13, $14,
             $15, $16, case when $16 = 'CLOSED' then coalesce($17::date, public.portal_today()) end, $18)
     returning id`,
    [
      assessmentId,
      indicatorId,
      fields.compliance ?? null,
      fields.isMarkedComplete ?? false,
      fields.reviewed ?? false,
      fields.furtherActionRequired ?? false,
      fields.observation ?? null,
      fields.nonComplianceStatement ?? null,
      fields.nonComplianceType ?? null,
      fields.riskType ?? null,
      fields.riskLikelihood ?? null,
      fields.riskImpact ?? null,
      JSON.stringify(fields.checklists ?? {}),
      fields.archived ?? false,
      fields.actionPlan ?? null,
      fields.nonConformityStatus ?? 'OPEN',
      fields.dateClosed ?? null,
      fields.referToCa ?? false,
    ],
  );
  return rows[0]!.id;
}

/** `count` comments on a response (the last `archived` of them archived). */
export async function createComments(
  sql: pg.Pool,
  practiceId: number,
  responseId: number,
  count: number,
  archived = 0,
) {
  await sql.query(
    `insert into public.comments (practice_id, indicator_response_id, comment, archived)
     select $1, $2, 'Comment ' || n, n > $3 - $4 from generate_series(1, $3::int) as n`,
    [practiceId, responseId, count, archived],
  );
}

/** An activity of a response's action plan (CLOSED ones closed at noon, Sydney, on `closedOn`). */
export async function createActivity(
  sql: pg.Pool,
  responseId: number,
  fields: {
    description: string;
    responsible?: string | null;
    dueDate?: string | null;
    closedOn?: string;
    archived?: boolean;
  },
) {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.action_plan_activities
       (indicator_response_id, description, responsible, due_date, status, closed_at, archived)
     values ($1, $2, $3, $4, case when $5::date is null then 'OPEN' else 'CLOSED' end,
             ($5::date + time '12:00') at time zone 'Australia/Sydney', $6)
     returning id`,
    [
      responseId,
      fields.description,
      fields.responsible ?? null,
      fields.dueDate ?? null,
      fields.closedOn ?? null,
      fields.archived ?? false,
    ],
  );
  return rows[0]!.id;
}

/** A surveyor summary (general comment) of a survey by one user. */
export async function createGeneralComment(
  sql: pg.Pool,
  assessmentId: number,
  userId: number,
  text: string,
  archived = false,
) {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.general_comments (assessment_id, user_id, text, archived) values ($1, $2, $3, $4) returning id`,
    [assessmentId, userId, text, archived],
  );
  return rows[0]!.id;
}
