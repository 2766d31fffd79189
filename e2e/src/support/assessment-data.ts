import { accreditationPath as domainAccreditationPath, type TIndicatorResponseFields } from '@portal/domain';
import {
  createAccreditation,
  createResponse,
  createStandards,
  createSubmission,
  type Standards,
} from '@portal/testkit/assessment-factories';
import { createFolder } from '@portal/testkit/document-factories';
import {
  addPracticeRole,
  createAssessment,
  createPractice,
  createUser,
  type UserOverrides,
} from '@portal/testkit/factories';
import type pg from 'pg';

/**
 * The data of the assessment journeys, made by each test in the stack's database (`stack.sql`):
 * a practice with its manager, an accreditation cycle on standards of its own (two sets of two
 * indicators; each indicator asks 'Question 1?' with a must-have 'Item 1' and an 'Item 2', as
 * `createStandards` of the actions' factories makes them), its QAM, a folder for uploads and,
 * unless the journey starts it itself, the self assessment with a blank response per indicator.
 * Nothing depends on the demo data's ids.
 */

/** A user a journey signs in as: the password is known, the name is what others see. */
export interface TestUser {
  id: number;
  email: string;
  password: string;
  /** First and last name, as the header and the lock badge show them. */
  name: string;
}

/** Inserts an active user with a known password (no practice unless given one). */
export async function createTestUser(
  sql: pg.Pool,
  overrides: UserOverrides & { firstName: string; lastName: string },
): Promise<TestUser> {
  const user = await createUser(sql, overrides);
  return { ...user, name: `${overrides.firstName} ${overrides.lastName}` };
}

export interface SelfAssessmentWorld {
  practice: { id: number; name: string };
  /** The practice manager (PM) of the practice. */
  manager: TestUser;
  /** The QAM of the accreditation (a back-office user, `is_qam`). */
  qam: TestUser;
  accreditationId: number;
  standards: Standards;
  /** A folder of the practice's own, for indicator uploads. */
  folder: { id: number; name: string };
  /** The self assessment, or null while the accreditation is at its first view. */
  assessmentId: number | null;
  /** Response ids by indicator id (empty without an assessment). */
  responseIds: Map<number, number>;
}

export interface SelfAssessmentOptions {
  /**
   * `first-view`: the accreditation's is_first_view is true and there is no assessment yet (the
   * manager starts it); otherwise the self assessment exists in this status (default IN_PROGRESS;
   * UNDER_REVIEW and COMPLETED with the manager's submission).
   */
  status?: 'first-view' | 'IN_PROGRESS' | 'UNDER_REVIEW' | 'COMPLETED';
  /** Answers already given, by the indicator's place in order (0 = C1.1, 1 = C1.2, 2 = C2.1, …). */
  answers?: Record<number, Partial<TIndicatorResponseFields>>;
  /** Names of the manager (default Morgan Lee; the QAM is Quinn Harper). */
  manager?: { firstName: string; lastName: string };
}

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}`;

/** A practice, its manager, QAM, folder and accreditation, and (unless first view) its self assessment. */
export async function createSelfAssessmentWorld(
  sql: pg.Pool,
  options: SelfAssessmentOptions = {},
): Promise<SelfAssessmentWorld> {
  const status = options.status ?? 'IN_PROGRESS';
  const id = unique();
  const practice = await createPractice(sql, { name: `Harbourside Family Practice ${id}` });
  const manager = await createTestUser(sql, {
    email: `manager-${id}@e2e.test`,
    ...(options.manager ?? { firstName: 'Morgan', lastName: 'Lee' }),
  });
  await addPracticeRole(sql, practice.id, manager.id, 'PM');
  const qam = await createTestUser(sql, {
    email: `qam-${id}@e2e.test`,
    firstName: 'Quinn',
    lastName: 'Harper',
    isQam: true,
  });
  const standards = await createStandards(sql);
  const accreditationId = await createAccreditation(sql, practice.id, {
    surveyVersionId: standards.surveyVersionId,
    qamId: qam.id,
    selfAssessmentDue: '2031-03-31',
    isFirstView: status === 'first-view',
  });
  const folderName = `Evidence ${id}`;
  const folder = { id: await createFolder(sql, practice.id, folderName), name: folderName };
  const world: SelfAssessmentWorld = {
    practice,
    manager,
    qam,
    accreditationId,
    standards,
    folder,
    assessmentId: null,
    responseIds: new Map(),
  };
  if (status === 'first-view') return world;

  const { id: assessmentId } = await createAssessment(sql, accreditationId, {
    status,
    due_date: '2031-03-31',
  });
  for (const [index, indicatorId] of standards.indicatorIds.entries()) {
    world.responseIds.set(
      indicatorId,
      await createResponse(sql, assessmentId, indicatorId, options.answers?.[index] ?? {}),
    );
  }
  if (status !== 'IN_PROGRESS') await createSubmission(sql, assessmentId, manager.id);
  return { ...world, assessmentId };
}

/** Another practice manager of the world's practice (a second person on the same assessment). */
export async function addPracticeManager(
  sql: pg.Pool,
  world: SelfAssessmentWorld,
  names: { firstName: string; lastName: string },
): Promise<TestUser> {
  const user = await createTestUser(sql, { email: `manager-${unique()}@e2e.test`, ...names });
  await addPracticeRole(sql, world.practice.id, user.id, 'PM');
  return user;
}

/** The address of the assessment screen. */
export const assessmentPath = (world: SelfAssessmentWorld) =>
  `/PracticeOverview/${world.practice.id}/Accreditation/Assessment/${world.assessmentId}`;

/** The address of the practice's Accreditation tab. */
export const accreditationPath = (world: SelfAssessmentWorld) => domainAccreditationPath(world.practice.id);

/** A stored response, as the database holds it. */
export type TResponseRow = TIndicatorResponseFields & { id: number; indicator_id: number };

/** The live responses of an assessment, by indicator id. */
export async function readResponses(sql: pg.Pool, assessmentId: number): Promise<Map<number, TResponseRow>> {
  const { rows } = await sql.query<TResponseRow>(
    `select id, indicator_id, compliance, is_marked_complete, further_action_required, reviewed,
            non_conformity_status, refer_to_ca, non_compliance_statement, non_compliance_type, risk_type,
            risk_likelihood, risk_impact, risk_rating, observation, checklists
       from public.indicator_responses where assessment_id = $1 and not archived`,
    [assessmentId],
  );
  return new Map(rows.map((row) => [row.indicator_id, row]));
}

/** The status of an assessment. */
export async function assessmentStatus(sql: pg.Pool, assessmentId: number): Promise<string> {
  const { rows } = await sql.query<{ status: string }>(
    'select status from public.assessments where id = $1',
    [assessmentId],
  );
  return rows[0]!.status;
}
