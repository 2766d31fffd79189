import { createStaff } from '@portal/testkit/factories';
import type pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { createSelfAssessmentWorld, type SelfAssessmentWorld } from './assessment-data.ts';

/**
 * The data of the audit trail journey and screenshots: a self assessment world (practice,
 * manager Morgan Lee, QAM Quinn Harper, standards, the self assessment) with a staff member and a
 * history made as known people, the way the database records it (the `hasura.user` session):
 * the manager changes the practice's phone and a staff member's phone, answers the first
 * indicator with a long observation, the QAM records the assessment's move to review.
 */
export interface AuditWorld extends SelfAssessmentWorld {
  assessmentId: number;
  staff: { id: number; name: string };
  /** The first indicator's code and response id. */
  indicator: { code: string; responseId: number };
  phone: { before: string; after: string };
}

/** A long observation (more than the panel shows before 'Show more'). */
export const LONG_OBSERVATION =
  'The vaccine fridge log was reviewed for the last three months. Readings were recorded twice daily on every working day, ' +
  'the data logger was downloaded weekly and the two excursions found were documented with the action taken.';

async function asUser(sql: pg.Pool, user: { id: number }, role: string, text: string, values: unknown[]) {
  const client = await sql.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('hasura.user', $1, true)", [
      JSON.stringify({ 'x-hasura-user-id': String(user.id), 'x-hasura-role': role }),
    ]);
    await client.query(text, values);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

export async function createAuditWorld(sql: pg.Pool): Promise<AuditWorld> {
  const world = await createSelfAssessmentWorld(sql);
  const assessmentId = world.assessmentId!;
  const phone = { before: '02 9555 0100', after: '02 9555 0199' };
  await sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
    world.practice.id,
  ]);
  await sql.query('update organisations set phone = $2 where id = $1', [world.practice.id, phone.before]);
  const staffId = await createStaff(sql, world.practice.id, {
    firstName: 'Nina',
    lastName: 'Okafor',
    columns: { phone: '0400 000 001' },
  });
  await asUser(sql, world.manager, 'user', 'update organisations set phone = $2 where id = $1', [
    world.practice.id,
    phone.after,
  ]);
  await asUser(sql, world.manager, 'user', 'update practice_staff set phone = $2 where id = $1', [
    staffId,
    '0400 000 002',
  ]);
  const [indicatorId] = world.standards.indicatorIds;
  const responseId = world.responseIds.get(indicatorId!)!;
  await asUser(
    sql,
    world.manager,
    'user',
    'update indicator_responses set observation = $2, is_marked_complete = true where id = $1',
    [responseId, LONG_OBSERVATION],
  );
  await asUser(
    sql,
    world.qam,
    'qam',
    `insert into assessment_status_changes (assessment_id, from_status, to_status, changed_by_id, reason)
     values ($1, 'IN_PROGRESS', 'UNDER_REVIEW', $2, 'Submitted by the practice')`,
    [assessmentId, world.qam.id],
  );
  const { rows } = await sql.query<{ code: string }>('select code from indicators where id = $1', [
    indicatorId,
  ]);
  return {
    ...world,
    assessmentId,
    staff: { id: staffId, name: 'Nina Okafor' },
    indicator: { code: rows[0]!.code, responseId },
    phone,
  };
}

/** Presses a History button and waits for its drawer (titled `title`) to show an entry. */
export async function openHistory(page: Page, button: Locator, title: string | RegExp): Promise<Locator> {
  await button.click();
  const drawer = page.getByRole('dialog', { name: title });
  await drawer.getByRole('article').first().waitFor();
  return drawer;
}

/** Closes a History drawer with its button and waits until it is gone. */
export async function closeHistory(drawer: Locator): Promise<void> {
  await drawer.getByRole('button', { name: 'Close history' }).click();
  await drawer.waitFor({ state: 'detached' });
}
