import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { ROW_ID_MAX } from '../../lib/route-params.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { describeMove, type MoveDescription, planOne } from './describe-move.ts';
import {
  loadAssessment,
  loadMoveMapping,
  type MovableAssessment,
  type MoveMapping,
  writeMove,
} from './move-store.ts';

type App = Pick<FastifyInstance, 'db'>;

/** Who may move practices to a newer edition. */
export const MOVES_REFUSED = 'Only a provider admin or a QAM can move practices to another edition.';

/** The most assessments one request moves (or shows in a dry run). */
export const MOVE_SELECTION_MAX = 2000;

/** Which assessments to move: exactly one way of choosing them. */
export const ZMoveRequest = z
  .strictObject(
    {
      mappingId: z.number({ error: 'Give the mapping’s id.' }).int().positive().max(ROW_ID_MAX),
      assessmentIds: z
        .array(z.number().int().positive().max(ROW_ID_MAX))
        .min(1)
        .max(MOVE_SELECTION_MAX)
        .optional(),
      accreditationIds: z
        .array(z.number().int().positive().max(ROW_ID_MAX))
        .min(1)
        .max(MOVE_SELECTION_MAX)
        .optional(),
      networkId: z.number().int().positive().max(ROW_ID_MAX).optional(),
      state: z
        .string()
        .regex(/^[A-Z]{2,3}$/, 'Give the state as its code, such as NSW.')
        .optional(),
    },
    { error: 'Send mappingId and one of assessmentIds, accreditationIds, networkId or state.' },
  )
  .refine(
    (r) =>
      [r.assessmentIds, r.accreditationIds, r.networkId, r.state].filter((v) => v !== undefined).length === 1,
    'Choose the assessments one way: assessmentIds, accreditationIds, networkId or state.',
  );
export type TMoveRequest = z.infer<typeof ZMoveRequest>;

/** The caller is an active provider admin or QAM now, whatever the token says. */
export async function requireMover(q: Queryable, userId: number): Promise<void> {
  const caller = await q.maybeOne<{ ok: boolean }>(
    sql`select is_active and (is_admin or is_qam) as ok from public.users where id = ${userId}`,
  );
  if (!caller?.ok) throw new AppError('forbidden', { message: MOVES_REFUSED });
}

/** The ids of the assessments chosen: those still answered against the mapping's older edition. */
async function selectAssessments(
  q: Queryable,
  request: TMoveRequest,
  fromVersionId: number,
): Promise<number[]> {
  if (request.assessmentIds) return [...new Set(request.assessmentIds)];
  const rows = await q.many<{ id: number }>(sql`
    select a.id from public.assessments a
      join public.accreditations acc on acc.id = a.accreditation_id
      join public.practices p on p.organisation_id = acc.practice_id
      join public.organisations o on o.id = p.organisation_id
      left join public.addresses ad on ad.id = o.physical_address_id
     where a.survey_version_id = ${fromVersionId} and a.moved_to_assessment_id is null and not acc.archived
       and (${request.accreditationIds ?? null}::int[] is null or acc.id = any(${request.accreditationIds ?? null}::int[]))
       and (${request.networkId ?? null}::int is null or p.network_id = ${request.networkId ?? null}::int)
       and (${request.state ?? null}::text is null or ad.state = ${request.state ?? null}::text)
     order by a.id limit ${MOVE_SELECTION_MAX + 1}`);
  if (rows.length > MOVE_SELECTION_MAX)
    throw new AppError('invalid_input', {
      message: `More than ${MOVE_SELECTION_MAX} assessments are chosen: move them in smaller groups.`,
    });
  return rows.map((r) => r.id);
}

/** Why an assessment cannot move now, or null. */
function refusal(mapping: MoveMapping, a: MovableAssessment | undefined): string | null {
  if (!a) return 'No such assessment.';
  if (a.moved_to_assessment_id) return `Moved already (to assessment ${a.moved_to_assessment_id}).`;
  if (a.survey_version_id !== mapping.fromVersionId)
    return 'It is not answered against the mapping’s older edition.';
  if (a.status !== 'IN_PROGRESS')
    return `It is ${a.status.toLowerCase().replace(/_/g, ' ')}: only an assessment in progress moves.`;
  if (a.editing) return 'Someone is editing it right now: try again in a few minutes.';
  return null;
}

/** The mapping, or why no assessment can move with it. */
async function usableMapping(q: Queryable, id: number): Promise<MoveMapping> {
  const mapping = await loadMoveMapping(q, id);
  if (!mapping) throw new AppError('not_found', { message: 'No such mapping.' });
  if (mapping.toStatus !== 'PUBLISHED')
    throw new AppError('invalid_transition', {
      message: 'Publish the newer edition before moving practices to it.',
    });
  if (mapping.unmapped.length)
    throw new AppError('invalid_transition', {
      message: `Map every indicator of the older edition first (${mapping.unmapped.length} left: ${mapping.unmapped.slice(0, 5).join(', ')}${mapping.unmapped.length > 5 ? ', …' : ''}).`,
    });
  return mapping;
}

/** What a move would do to one assessment, indicator by indicator; or why it would not move. */
export interface DryRunAssessment extends MoveDescription {
  assessmentId: number;
  practice: { id: number; name: string } | null;
  refused: string | null;
}

/** A dry run: for each chosen assessment, what would move, indicator by indicator. Changes nothing. */
export async function dryRunMove(
  app: App,
  callerId: number,
  request: TMoveRequest,
): Promise<DryRunAssessment[]> {
  await requireMover(app.db, callerId);
  const mapping = await usableMapping(app.db, request.mappingId);
  const ids = await selectAssessments(app.db, request, mapping.fromVersionId);
  const out: DryRunAssessment[] = [];
  for (const id of ids) {
    const a = await loadAssessment(app.db, id, false);
    const refused = refusal(mapping, a);
    const entry: DryRunAssessment = {
      assessmentId: id,
      practice: a ? { id: a.practice_id, name: a.practice_name } : null,
      refused,
      indicators: [],
      retired: [],
    };
    out.push(entry);
    if (refused || !a) continue;
    Object.assign(entry, await describeMove(app.db, mapping, a.id));
  }
  return out;
}

/** The result of a move request: each chosen assessment moved (with its copy) or refused (with why). */
export interface MoveResult {
  moved: Array<{ assessmentId: number; movedTo: number; moveId: number }>;
  refused: Array<{ assessmentId: number; reason: string }>;
}

/** How many assessments move at once (each in its own transaction and connection). */
export const MOVE_CONCURRENCY = 3;

/** Moves one assessment in its own transaction: its copy, or why it did not move. */
async function moveOne(
  app: App & Pick<FastifyInstance, 'log'>,
  callerId: number,
  mapping: MoveMapping,
  id: number,
): Promise<{ moveId: number; assessmentId: number } | { refused: string }> {
  try {
    return await app.db.transaction(
      async (tx) => {
        const a = await loadAssessment(tx, id, true);
        const refused = refusal(mapping, a);
        if (refused || !a) return { refused: refused ?? 'No such assessment.' };
        const { responses, plan } = await planOne(tx, mapping, a.id);
        const olderResponseIds = new Map([...responses].map(([indicator, r]) => [indicator, r.id]));
        return writeMove(tx, { mapping, from: a, plan, olderResponseIds, moverId: callerId });
      },
      { userId: callerId, role: 'admin' },
    );
  } catch (error) {
    const known = Boolean((error as { constraint?: string }).constraint);
    if (!known) app.log.error({ err: error, assessmentId: id }, 'moving an assessment failed');
    return {
      refused: known ? (error as Error).message : 'The move failed; nothing of this assessment changed.',
    };
  }
}

/**
 * Moves the chosen assessments, each in its own transaction (`MOVE_CONCURRENCY` at a time): the
 * assessment is locked (an edit in flight commits first and is carried; an edit after the move is
 * refused by the database), its answers are planned and copied to the newer edition, and the
 * older assessment stays, read-only and linked. Written as the admin secret would (`role:
 * admin`), so the carried stamps (dates closed, authors) stay as they were; the audit log names
 * the mover. The results are in the order of the assessments' ids.
 */
export async function moveAssessments(
  app: App & Pick<FastifyInstance, 'log'>,
  callerId: number,
  request: TMoveRequest,
  options: { onEach?: (assessmentId: number, ms: number) => void } = {},
): Promise<MoveResult> {
  await requireMover(app.db, callerId);
  const mapping = await usableMapping(app.db, request.mappingId);
  const queue = (await selectAssessments(app.db, request, mapping.fromVersionId)).sort((x, y) => x - y);
  const result: MoveResult = { moved: [], refused: [] };
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const started = performance.now();
      const done = await moveOne(app, callerId, mapping, id);
      if ('refused' in done) result.refused.push({ assessmentId: id, reason: done.refused });
      else result.moved.push({ assessmentId: id, movedTo: done.assessmentId, moveId: done.moveId });
      options.onEach?.(id, performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: MOVE_CONCURRENCY }, worker));
  result.moved.sort((x, y) => x.assessmentId - y.assessmentId);
  result.refused.sort((x, y) => x.assessmentId - y.assessmentId);
  return result;
}
