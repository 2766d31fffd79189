import type { TMoveChoices, TMoveRecord } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { MOVE_SELECTION_MAX, requireMover } from './move-assessments.ts';
import { loadMoveMapping } from './move-store.ts';
import { copyEdited } from './undo-move.ts';

type App = Pick<FastifyInstance, 'db'>;

/** The most moves one list gives (the newest). */
export const MOVES_LISTED_MAX = 200;

/**
 * The recent moves, newest first (of one mapping when `mappingId` is given), with who moved and
 * who undid, and whether an undo would be accepted now: the move screen's "Undo" later on.
 */
export async function listMoves(
  app: App,
  callerId: number,
  filter: { mappingId?: number },
): Promise<TMoveRecord[]> {
  await requireMover(app.db, callerId);
  const rows = await app.db.many<Omit<TMoveRecord, 'undoable'> & { at: string }>(sql`
    select m.id, m.mapping_id as "mappingId", f.code as from, t.code as to,
           m.from_assessment_id as "assessmentId", m.to_assessment_id as "movedTo",
           json_build_object('id', o.id, 'name', o.name) as practice,
           nullif(trim(concat_ws(' ', mu.first_name, mu.last_name)), '') as "movedBy", m.moved_at as "movedAt", m.moved_at::text as at,
           nullif(trim(concat_ws(' ', uu.first_name, uu.last_name)), '') as "undoneBy", m.undone_at as "undoneAt"
      from public.assessment_moves m
      join public.edition_mappings em on em.id = m.mapping_id
      join public.survey_versions f on f.id = em.from_version_id
      join public.survey_versions t on t.id = em.to_version_id
      join public.assessments a on a.id = m.from_assessment_id
      join public.accreditations acc on acc.id = a.accreditation_id
      join public.organisations o on o.id = acc.practice_id
      left join public.users mu on mu.id = m.moved_by_id
      left join public.users uu on uu.id = m.undone_by_id
     where (${filter.mappingId ?? null}::int is null or m.mapping_id = ${filter.mappingId ?? null}::int)
     order by m.moved_at desc, m.id desc
     limit ${MOVES_LISTED_MAX}`);
  const out: TMoveRecord[] = [];
  // One at a time: a list is at most MOVES_LISTED_MAX, and each check is one indexed query.
  for (const { at, ...row } of rows) {
    const undoable = row.movedTo !== null && !(await copyEdited(app.db, { id: row.id, to: row.movedTo, at }));
    out.push({
      ...row,
      movedAt: new Date(row.movedAt).toISOString(),
      undoneAt: row.undoneAt && new Date(row.undoneAt).toISOString(),
      undoable,
    });
  }
  return out;
}

/**
 * What may be chosen to move with a mapping: the assessments in progress on its older edition
 * (not moved, of live cycles), and the networks and states of their practices with their counts.
 * 404 for an unknown mapping.
 */
export async function moveChoices(app: App, callerId: number, mappingId: number): Promise<TMoveChoices> {
  await requireMover(app.db, callerId);
  const mapping = await loadMoveMapping(app.db, mappingId);
  if (!mapping) throw new AppError('not_found', { message: 'No such mapping.' });
  const assessments = await app.db.many<
    TMoveChoices['assessments'][number] & { networkId: number | null }
  >(sql`
    select a.id as "assessmentId", a.accreditation_id as "accreditationId", a.type,
           json_build_object('id', o.id, 'name', o.name) as practice,
           p.network_id as "networkId", n.name as network, ad.state
      from public.assessments a
      join public.accreditations acc on acc.id = a.accreditation_id
      join public.practices p on p.organisation_id = acc.practice_id
      join public.organisations o on o.id = p.organisation_id
      left join public.practice_networks n on n.id = p.network_id
      left join public.addresses ad on ad.id = o.physical_address_id
     where a.survey_version_id = ${mapping.fromVersionId} and a.moved_to_assessment_id is null
       and a.status = 'IN_PROGRESS' and not acc.archived
     order by lower(o.name), a.id
     limit ${MOVE_SELECTION_MAX}`);
  const networks = new Map<number, { id: number; name: string; assessments: number }>();
  const states = new Map<string, { state: string; assessments: number }>();
  for (const a of assessments) {
    if (a.networkId !== null && a.network !== null) {
      const n = networks.get(a.networkId) ?? { id: a.networkId, name: a.network, assessments: 0 };
      n.assessments++;
      networks.set(a.networkId, n);
    }
    if (a.state) {
      const s = states.get(a.state) ?? { state: a.state, assessments: 0 };
      s.assessments++;
      states.set(a.state, s);
    }
  }
  return {
    assessments: assessments.map(({ networkId: _, ...a }) => a),
    networks: [...networks.values()].sort((x, y) => x.name.localeCompare(y.name)),
    states: [...states.values()].sort((x, y) => x.state.localeCompare(y.state)),
  };
}
