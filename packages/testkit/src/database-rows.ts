/**
 * The row factories of the database tests (hasura/tests): the shared ones of factories.ts on the
 * test's own connection (`db.client`), plus the bare rows those tests start from.
 */
import {
  createAccreditation,
  createAssessment,
  createStandards,
  insertRow,
  type Row,
  type Sql,
} from './factories.ts';

/** The test's connection (hasura/tests/db.ts's `Db` fits). */
export interface Db {
  client: Sql;
}

let counter = 0;
const next = () => ++counter;

/** Inserts one row with the given columns and returns it whole. */
export const insert = (db: Db, table: string, values: Row) => insertRow(db.client, table, values);

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

export const makeAccreditation = (db: Db, practiceId: unknown, overrides: Row = {}) =>
  createAccreditation(db.client, practiceId as number, overrides);

/** A survey version with one set and `count` indicators. */
export const makeStandards = (db: Db, count = 2) => createStandards(db.client, count);

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
  const assessment = await createAssessment(db.client, accreditation.id, {
    type,
    survey_visit_id: visit?.id ?? null,
    ...overrides,
  });
  return { practice, standards, accreditation, visit, assessment };
}
