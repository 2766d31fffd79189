import {
  derivePermissionFlags,
  formatDisplayDate,
  hasPracticeAccess,
  NEXT_CYCLE_MESSAGES,
  type TEditionRef,
  type TNextCycleEdition,
  ZNextCycleChoiceSchema,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Db, Queryable } from '../../plugins/app/db.ts';
import { type Caller, loadPracticeAccess, requirePracticeFlag } from '../practices/practice-access.ts';

const NO_SUCH_PRACTICE = 'There is no such practice.';

interface WindowRow {
  older_id: number;
  older_code: string;
  older_name: string;
  newer_id: number;
  newer_code: string;
  newer_name: string;
  opens_on: string;
  closes_on: string;
  open: boolean;
  edition_id: number | null;
}

/**
 * The window open today or still to open, and the edition the practice's next cycle takes today
 * (the database's rule).
 */
async function readChoice(q: Queryable, practiceId: number): Promise<Omit<TNextCycleEdition, 'canChoose'>> {
  const row = await q.maybeOne<WindowRow>(sql`
    select f.id as older_id, f.code as older_code, f.name as older_name,
           n.id as newer_id, n.code as newer_code, n.name as newer_name,
           t.opens_on::text as opens_on, t.closes_on::text as closes_on,
           t.opens_on <= public.portal_today() as open,
           public.next_cycle_edition(${practiceId}, public.portal_today()) as edition_id
      from public.edition_transitions t
      join public.survey_versions f on f.id = t.from_version_id
      join public.survey_versions n on n.id = t.to_version_id
     where t.completed_at is null and public.portal_today() <= t.closes_on`);
  if (!row) {
    const next = await q.one<{ edition_id: number | null }>(
      sql`select public.next_cycle_edition(${practiceId}, public.portal_today()) as edition_id`,
    );
    return { window: null, editionId: next.edition_id };
  }
  const older: TEditionRef = { id: row.older_id, code: row.older_code, name: row.older_name };
  const newer: TEditionRef = { id: row.newer_id, code: row.newer_code, name: row.newer_name };
  return {
    window: { older, newer, opensOn: row.opens_on, closesOn: row.closes_on, open: row.open },
    editionId: row.edition_id,
  };
}

/**
 * GET /api/practices/:id/next-cycle-edition: a transition window open or to come (its two editions,
 * its days, whether it is open) and the edition a cycle made today would use; else no window. Whoever has
 * access to the practice reads it (404 otherwise, as an unknown practice); `canChoose` says
 * whether they may change it (practice.changePractice).
 */
export async function getNextCycleEdition(
  db: Db,
  caller: Caller,
  practiceId: number,
): Promise<TNextCycleEdition> {
  const access = await loadPracticeAccess(db, practiceId, caller.userId, caller.backOfficeRole);
  if (!access || !hasPracticeAccess(access)) throw new AppError('not_found', { message: NO_SUCH_PRACTICE });
  const canChoose = derivePermissionFlags(access).practice.changePractice;
  return { ...(await readChoice(db, practiceId)), canChoose };
}

/**
 * PUT /api/practices/:id/next-cycle-edition: a user who may change the practice chooses one of the
 * open window's two editions for its next cycle. Refused (and nothing changed) without a window
 * open, or for another edition; the database checks it again (`check_next_cycle_choice`).
 */
export async function chooseNextCycleEdition(
  db: Db,
  caller: Caller,
  practiceId: number,
  body: unknown,
): Promise<TNextCycleEdition & { message: string }> {
  await requirePracticeFlag(db, caller, practiceId, (flags) => flags.practice.changePractice);
  const parsed = ZNextCycleChoiceSchema.safeParse(body);
  if (!parsed.success)
    throw new AppError('invalid_input', { message: parsed.error.issues[0]?.message ?? 'Choose an edition.' });
  const { editionId } = parsed.data;
  return db.transaction(async (tx) => {
    const { window } = await readChoice(tx, practiceId);
    if (!window) throw new AppError('invalid_transition', { message: NEXT_CYCLE_MESSAGES.noWindow });
    if (!window.open)
      throw new AppError('invalid_transition', {
        message: NEXT_CYCLE_MESSAGES.notYet(formatDisplayDate(window.opensOn)),
      });
    const chosen = [window.older, window.newer].find((edition) => edition.id === editionId);
    if (!chosen) throw new AppError('invalid_input', { message: NEXT_CYCLE_MESSAGES.notAnEdition });
    await tx.many(sql`
      update public.practices set next_cycle_survey_version_id = ${editionId}
       where organisation_id = ${practiceId}`);
    return {
      ...(await readChoice(tx, practiceId)),
      canChoose: true,
      message: NEXT_CYCLE_MESSAGES.saved(chosen.code),
    };
  }, caller.actor);
}
