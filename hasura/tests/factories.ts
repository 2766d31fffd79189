import type { Db } from './db.ts';

type Row = Record<string, unknown>;
let counter = 0;
const next = () => ++counter;

/** Inserts one row with the given columns and returns it whole. */
export async function insert(db: Db, table: string, values: Row): Promise<Row> {
  const columns = Object.keys(values);
  const rows = await db.q(
    `insert into public.${table} (${columns.map((c) => `"${c}"`).join(', ')})
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning *`,
    Object.values(values),
  );
  return rows[0]!;
}

export const makeUser = (db: Db, overrides: Row = {}) =>
  insert(db, 'users', {
    email: `user${next()}@example.test`,
    first_name: 'Test',
    last_name: 'User',
    ...overrides,
  });

export async function makePractice(db: Db, overrides: Row = {}) {
  const organisation = await insert(db, 'organisations', { name: `Practice ${next()}` });
  return insert(db, 'practices', { organisation_id: organisation.id, ...overrides });
}

export const makeSurveyVersion = (db: Db, overrides: Row = {}) =>
  insert(db, 'survey_versions', { code: `V${next()}`, name: 'Test standards', ...overrides });

export const makeAccreditation = (db: Db, practiceId: unknown, overrides: Row = {}) =>
  insert(db, 'accreditations', { practice_id: practiceId, ...overrides });

/** A survey version with one set and `count` indicators. */
export async function makeStandards(db: Db, count = 2) {
  const version = await makeSurveyVersion(db);
  const set = await insert(db, 'indicator_sets', {
    survey_version_id: version.id,
    name: 'Set',
    full_code: `S${next()}`,
  });
  const indicators: Row[] = [];
  for (let i = 0; i < count; i++) {
    indicators.push(
      await insert(db, 'indicators', {
        indicator_set_id: set.id,
        code: `I${next()}`,
        name: `Indicator ${i}`,
      }),
    );
  }
  return { version, set, indicators };
}

/** A practice with an open accreditation on fresh standards and one assessment of the given type. */
export async function makeAssessment(db: Db, overrides: Row = {}, indicatorCount = 2) {
  const practice = await makePractice(db);
  const standards = await makeStandards(db, indicatorCount);
  const accreditation = await makeAccreditation(db, practice.organisation_id, {
    survey_version_id: standards.version.id,
  });
  let visit: Row | undefined;
  const type = (overrides.type as string | undefined) ?? 'PRESURVEY';
  if (type === 'SURVEY_VISIT')
    visit = await insert(db, 'survey_visits', { accreditation_id: accreditation.id });
  const assessment = await insert(db, 'assessments', {
    accreditation_id: accreditation.id,
    type,
    survey_visit_id: visit?.id ?? null,
    ...overrides,
  });
  return { practice, standards, accreditation, visit, assessment };
}
