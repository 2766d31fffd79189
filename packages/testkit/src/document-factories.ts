import { randomBytes } from 'node:crypto';
import type { TAssessmentStatus, TAssessmentType } from '@portal/domain';
import type pg from 'pg';
import { createAssessment } from './factories.ts';

/**
 * Factories for documents against assessments and for indicator resources: standards of their
 * own, an assessment with one response per indicator, a practice folder, resources. Each takes
 * overrides and returns the ids a test needs; nothing depends on the demo seeds.
 */

const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** A survey version with one indicator set of `count` indicators; returns their ids. */
export async function createStandards(sql: pg.Pool, count = 2) {
  const suffix = unique();
  const version = await sql.query<{ id: number }>(
    `insert into public.survey_versions (code, name) values ($1, 'Test standards') returning id`,
    [`V-${suffix}`],
  );
  const versionId = version.rows[0]!.id;
  const set = await sql.query<{ id: number }>(
    `insert into public.indicator_sets (survey_version_id, name, full_code) values ($1, 'Test set', $2) returning id`,
    [versionId, `S-${suffix}`],
  );
  const indicatorIds: number[] = [];
  for (let i = 1; i <= count; i++) {
    const indicator = await sql.query<{ id: number }>(
      `insert into public.indicators (indicator_set_id, code, name, sort_order) values ($1, $2, $3, $4) returning id`,
      [set.rows[0]!.id, `T${i}.${suffix}`, `Test indicator ${i}`, i],
    );
    indicatorIds.push(indicator.rows[0]!.id);
  }
  return { surveyVersionId: versionId, indicatorSetId: set.rows[0]!.id, indicatorIds };
}

export interface AssessmentOverrides {
  type?: TAssessmentType;
  status?: TAssessmentStatus;
  /** Standards to answer (default: fresh ones with two indicators). */
  standards?: Awaited<ReturnType<typeof createStandards>>;
}

/**
 * An accreditation of the practice with one assessment (a self assessment IN_PROGRESS unless told
 * otherwise; a survey visit assessment gets its visit) and one live response per indicator.
 */
export async function createPracticeAssessment(
  sql: pg.Pool,
  practiceId: number,
  overrides: AssessmentOverrides = {},
) {
  const standards = overrides.standards ?? (await createStandards(sql));
  const type = overrides.type ?? 'PRESURVEY';
  // A practice has at most one open cycle: later ones are closed.
  const accreditation = await sql.query<{ id: number }>(
    `insert into public.accreditations (practice_id, survey_version_id, status)
     values ($1, $2, case when exists (select 1 from public.accreditations
                                        where practice_id = $1 and status = 'OPEN' and not archived)
                          then 'CLOSED' else 'OPEN' end)
     returning id`,
    [practiceId, standards.surveyVersionId],
  );
  const accreditationId = accreditation.rows[0]!.id;
  let surveyVisitId: number | null = null;
  if (type === 'SURVEY_VISIT') {
    const visit = await sql.query<{ id: number }>(
      `insert into public.survey_visits (accreditation_id, status) values ($1, 'FINAL') returning id`,
      [accreditationId],
    );
    surveyVisitId = visit.rows[0]!.id;
  }
  const assessment = await createAssessment(
    sql,
    accreditationId,
    { survey_visit_id: surveyVisitId, type, status: overrides.status ?? 'IN_PROGRESS' },
    standards.indicatorIds,
  );
  return {
    accreditationId,
    assessmentId: assessment.id,
    surveyVisitId,
    standards,
    responseIds: assessment.responseIds,
  };
}

/** A folder of the practice's own; returns its id. */
export async function createFolder(sql: pg.Pool, practiceId: number, name = `Folder ${unique()}`) {
  const { rows } = await sql.query<{ id: number }>(
    'insert into public.folders (practice_id, name) values ($1, $2) returning id',
    [practiceId, name],
  );
  return rows[0]!.id;
}

/** The user as an ACCEPTED visitor of the survey visit. */
export async function addSurveyVisitor(sql: pg.Pool, surveyVisitId: number, userId: number) {
  await sql.query(
    `insert into public.survey_visitors (survey_visit_id, user_id, status) values ($1, $2, 'ACCEPTED')`,
    [surveyVisitId, userId],
  );
}

export interface ResourceOverrides {
  name?: string;
  /** A file (the default: `resources/test/<unique>.pdf`), or a link with `url`. */
  storageKey?: string;
  url?: string;
  fileType?: string | null;
  forPm?: boolean;
  forSurveyor?: boolean;
  archived?: boolean;
}

/** An indicator resource: a file unless a `url` is given. Returns its id, storage key and name. */
export async function createIndicatorResource(
  sql: pg.Pool,
  indicatorId: number,
  overrides: ResourceOverrides = {},
) {
  const isLink = overrides.url !== undefined;
  const storageKey = isLink ? null : (overrides.storageKey ?? `resources/test/${unique()}.pdf`);
  const name = overrides.name ?? `Resource ${unique()}`;
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.indicator_resources (indicator_id, name, file_type, storage_key, url, for_pm, for_surveyor, archived)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      indicatorId,
      name,
      overrides.fileType === undefined ? (isLink ? null : 'pdf') : overrides.fileType,
      storageKey,
      overrides.url ?? null,
      overrides.forPm ?? false,
      overrides.forSurveyor ?? false,
      overrides.archived ?? false,
    ],
  );
  return { id: rows[0]!.id, storageKey, name };
}

/** A resource or factsheet of the Resources / Factsheets pages (no indicator): a file unless a `url` is given. */
export async function createGeneralResource(
  sql: pg.Pool,
  overrides: ResourceOverrides & { kind?: 'RESOURCE' | 'FACTSHEET'; category?: string } = {},
) {
  const isLink = overrides.url !== undefined;
  const storageKey = isLink ? null : (overrides.storageKey ?? `resources/test/${unique()}.pdf`);
  const name = overrides.name ?? `Resource ${unique()}`;
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.indicator_resources (kind, category, name, file_type, storage_key, url, for_pm, for_surveyor, archived)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      overrides.kind ?? 'RESOURCE',
      overrides.category ?? 'General',
      name,
      overrides.fileType === undefined ? (isLink ? null : 'pdf') : overrides.fileType,
      storageKey,
      overrides.url ?? null,
      overrides.forPm ?? false,
      overrides.forSurveyor ?? false,
      overrides.archived ?? false,
    ],
  );
  return { id: rows[0]!.id, storageKey, name };
}
