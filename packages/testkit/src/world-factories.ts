/**
 * Rows of the practice's world, from addresses to assessments. Each takes its parents' ids and
 * column overrides, and returns the row it inserted (with its id).
 */
import {
  addPracticeRole,
  createPractice,
  createUser,
  type TestUser,
  type UserOverrides,
} from './people-factories.ts';
import { dayFromToday, type Inserted, insertRow, type Row, type Sql, unique } from './row-factories.ts';

export const createAddress = (sql: Sql, columns: Row = {}) =>
  insertRow(sql, 'addresses', {
    street: '1 Test Street',
    suburb: 'Testville',
    state: 'NSW',
    postcode: '2000',
    ...columns,
  });

/**
 * A branch site of `mainPracticeId`: a practice of its own (`is_branch`, BRANCH) whose physical
 * address is `address` (createAddress's columns), active unless said otherwise.
 */
export async function createBranchPractice(
  sql: Sql,
  mainPracticeId: number,
  address: Row,
  options: { activeStatus?: 'ACTIVE' | 'INACTIVE'; name?: string } = {},
) {
  const { id: addressId } = await createAddress(sql, address);
  return createPractice(sql, {
    ...(options.name && { name: options.name }),
    activeStatus: options.activeStatus,
    organisation: { physical_address_id: addressId },
    practice: { is_branch: true, branch_or_main: 'BRANCH', main_practice_id: mainPracticeId },
  });
}

export const createNetwork = (sql: Sql, columns: Row = {}) =>
  insertRow(sql, 'practice_networks', { name: `Network ${unique()}`, ...columns });

export const createContact = (sql: Sql, practiceId: number, columns: Row = {}) =>
  insertRow(sql, 'contacts', {
    practice_id: practiceId,
    first_name: 'Casey',
    last_name: 'Contact',
    type: 'SUPPORT',
    ...columns,
  });

/**
 * The provider's folder with this code (every practice sees it): the one there is, or a new one
 * when the database has none (a migrated database has no folders).
 */
export async function providerFolder(sql: Sql, code: string): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    'select id from public.folders where practice_id is null and code = $1 and not archived',
    [code],
  );
  if (rows[0]) return rows[0].id;
  return (await insertRow(sql, 'folders', { name: `${code} ${unique()}`, code })).id;
}

/** A practice's own folder. */
export const createFolder = (sql: Sql, practiceId: number, columns: Row = {}) =>
  insertRow(sql, 'folders', { practice_id: practiceId, name: `Folder ${unique()}`, ...columns });

/** An uploaded document of a practice, in the provider's GENERAL folder unless `folder_id` says. */
export async function createDocument(sql: Sql, practiceId: number, columns: Row = {}) {
  const name = `Document ${unique()}.pdf`;
  return insertRow(sql, 'documents', {
    practice_id: practiceId,
    folder_id: columns.folder_id ?? (await providerFolder(sql, 'GENERAL')),
    name,
    storage_key: `practices/${practiceId}/documents/${unique()}/${name}`,
    file_size: 1024,
    file_type: 'application/pdf',
    uploaded_at: new Date(),
    ...columns,
  });
}

/** A survey version (an edition of the standards), not the current one unless said. */
export const createSurveyVersion = (sql: Sql, columns: Row = {}) =>
  insertRow(sql, 'survey_versions', { code: `V${unique()}`, name: 'Test standards', ...columns });

/** A survey version with one indicator set and `count` indicators. */
export async function createStandards(sql: Sql, count = 2) {
  const version = await createSurveyVersion(sql);
  const set = await insertRow(sql, 'indicator_sets', {
    survey_version_id: version.id,
    name: 'Set',
    full_code: `S${unique()}`,
  });
  const indicators: Inserted[] = [];
  for (let i = 0; i < count; i++) {
    indicators.push(
      await insertRow(sql, 'indicators', {
        indicator_set_id: set.id,
        code: `I${unique()}`,
        name: `Indicator ${i}`,
      }),
    );
  }
  return { version, set, indicators };
}

/** An accreditation cycle of a practice (OPEN unless `status` says). */
export const createAccreditation = (sql: Sql, practiceId: number, columns: Row = {}) =>
  insertRow(sql, 'accreditations', { practice_id: practiceId, ...columns });

/** A survey visit of a cycle (PLANNING unless `status` says). */
export const createSurveyVisit = (sql: Sql, accreditationId: number, columns: Row = {}) =>
  insertRow(sql, 'survey_visits', { accreditation_id: accreditationId, ...columns });

/** A surveyor on a survey visit, as offered, accepted or declined. */
export const addSurveyVisitor = (
  sql: Sql,
  visitId: number,
  userId: number,
  status: 'OFFERED' | 'ACCEPTED' | 'DECLINED',
  columns: Row = {},
) => insertRow(sql, 'survey_visitors', { survey_visit_id: visitId, user_id: userId, status, ...columns });

/**
 * The one assessment factory: an assessment of a cycle, `columns` by their SQL names (a self
 * assessment, PRESURVEY, unless `survey_visit_id` or `type` says; the database's defaults for the
 * rest, so IN_PROGRESS), with a blank response per indicator of `indicatorIds`, in their order.
 * Returns the row and its responses' ids.
 */
export async function createAssessment(
  sql: Sql,
  accreditationId: number,
  columns: Row = {},
  indicatorIds: readonly number[] = [],
) {
  const assessment = await insertRow(sql, 'assessments', {
    accreditation_id: accreditationId,
    type: columns.survey_visit_id ? 'SURVEY_VISIT' : 'PRESURVEY',
    ...columns,
  });
  const responseIds: number[] = [];
  for (const indicatorId of indicatorIds) {
    const response = await insertRow(sql, 'indicator_responses', {
      assessment_id: assessment.id,
      indicator_id: indicatorId,
    });
    responseIds.push(response.id);
  }
  return { ...assessment, responseIds };
}

/** A surveyor's summary (general comment) of an assessment. */
export const createGeneralComment = (sql: Sql, assessmentId: number, userId: number, columns: Row = {}) =>
  insertRow(sql, 'general_comments', {
    assessment_id: assessmentId,
    user_id: userId,
    text: 'Summary',
    ...columns,
  });

/** A renewal of a practice (DUE unless `status` says). */
export const createReapplication = (sql: Sql, practiceId: number, columns: Row = {}) =>
  insertRow(sql, 'reapplications', { practice_id: practiceId, ...columns });

/** A valid accreditation certificate of a practice, issued today for three years. */
export const createCertificate = (sql: Sql, practiceId: number, columns: Row = {}) =>
  insertRow(sql, 'certificates', {
    practice_id: practiceId,
    name: 'Certificate of accreditation',
    issuing_provider: 'Test provider',
    certification_date: dayFromToday(),
    issue_date: dayFromToday(),
    expiry_date: dayFromToday(3 * 365),
    ...columns,
  });

/**
 * A practice (as `createPractice` makes it) and a new user who is its practice manager
 * (`manager` overrides that user).
 */
export async function createManagedPractice(
  sql: Sql,
  overrides: Parameters<typeof createPractice>[1] & { manager?: UserOverrides } = {},
) {
  const { manager, ...practiceOverrides } = overrides;
  const practice = await createPractice(sql, practiceOverrides);
  const pm = await createUser(sql, { firstName: 'Pat', lastName: 'Manager', ...manager });
  await addPracticeRole(sql, practice.id, pm.id, 'PM');
  return { ...practice, pm };
}

/**
 * A practice in its accreditation: an open cycle on fresh standards (`indicators` of them), a self
 * assessment and a survey visit with its assessment, each with a response per indicator; its
 * practice manager; and `surveyors` surveyors, each SU on the practice and an accepted visitor of
 * the visit (the first its lead). `self`, `survey` and `visit` add columns of those rows.
 */
export async function createSurveyedPractice(
  sql: Sql,
  options: { surveyors?: number; indicators?: number; self?: Row; survey?: Row; visit?: Row } = {},
) {
  const { pm, ...practice } = await createManagedPractice(sql);
  const standards = await createStandards(sql, options.indicators ?? 3);
  const accreditation = await createAccreditation(sql, practice.id, {
    survey_version_id: standards.version.id,
  });
  const visit = await createSurveyVisit(sql, accreditation.id, { status: 'FINAL', ...options.visit });
  const surveyors: TestUser[] = [];
  for (let i = 0; i < (options.surveyors ?? 1); i++) {
    const surveyor = await createUser(sql, {
      isSurveyor: true,
      firstName: 'Sue',
      lastName: `Surveyor ${i + 1}`,
    });
    await addPracticeRole(sql, practice.id, surveyor.id, 'SU');
    await addSurveyVisitor(sql, visit.id, surveyor.id, 'ACCEPTED', { is_lead: i === 0 });
    surveyors.push(surveyor);
  }
  const indicatorIds = standards.indicators.map((indicator) => indicator.id);
  const self = await createAssessment(sql, accreditation.id, { ...options.self }, indicatorIds);
  const survey = await createAssessment(
    sql,
    accreditation.id,
    { type: 'SURVEY_VISIT', survey_visit_id: visit.id, ...options.survey },
    indicatorIds,
  );
  return { practice, pm, surveyors, standards, accreditation, visit, self, survey };
}
