import type pg from 'pg';
import { SURVEYORS } from './constants.ts';

/** Runs one statement inside the generation's transaction. */
export type Sql = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** What every generator needs: the statement runner, N, and the ids already taken. */
export interface ScaleContext {
  sql: Sql;
  /** How many practices to generate. */
  n: number;
  /** The largest id of each table before generation: generated rows take ids above it. */
  base: Record<
    | 'address'
    | 'org'
    | 'network'
    | 'user'
    | 'practiceUser'
    | 'contact'
    | 'staff'
    | 'accreditation'
    | 'visit'
    | 'visitor'
    | 'reapplication'
    | 'assessment'
    | 'response'
    | 'document'
    | 'certificate',
    number
  >;
  /** The id just below the first generated user of each kind. */
  users: { pm: number; surveyor: number; qam: number };
  /** The current survey version (from the demo seeds). */
  versionId: number;
  /** The demo accounts' password hash, so generated users can sign in with the demo password. */
  demoHash: string | undefined;
}

/** Reads the ids already taken and the demo data the generators build on. */
export async function readContext(sql: Sql, n: number): Promise<ScaleContext> {
  const max = async (table: string, column = 'id') =>
    Number((await sql(`select coalesce(max(${column}), 0) as m from public.${table}`)).rows[0].m);
  const base = {
    address: await max('addresses'),
    org: await max('organisations'),
    network: await max('practice_networks'),
    user: await max('users'),
    practiceUser: await max('practice_users'),
    contact: await max('contacts'),
    staff: await max('practice_staff'),
    accreditation: await max('accreditations'),
    visit: await max('survey_visits'),
    visitor: await max('survey_visitors'),
    reapplication: await max('reapplications'),
    assessment: await max('assessments'),
    response: await max('indicator_responses'),
    document: await max('documents'),
    certificate: await max('certificates'),
  };
  // The edition new cycles move to: a pending transition window's newer edition, else the current one.
  const version = await sql(
    'select coalesce((select to_version_id from public.edition_transitions where completed_at is null), (select id from public.survey_versions where is_current)) as id',
  );
  if (!version.rows[0]?.id) throw new Error('no current survey version: the demo seeds did not apply');
  const versionId = Number(version.rows[0].id);
  const demoHash = (await sql(`select password_hash from public.users where email = 'admin@demo.test'`))
    .rows[0]?.password_hash as string | undefined;
  const users = { pm: base.user, surveyor: base.user + 2 * n, qam: base.user + 2 * n + SURVEYORS };
  return { sql, n, base, users, versionId, demoHash };
}
