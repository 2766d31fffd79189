import {
  EDITIONS_REFUSED_MESSAGE,
  type TEditionRef,
  type TEditionTransition,
  type TEditionTransitionView,
  transitionState,
  ZEditionTransitionInputSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { requireActiveProviderAdmin } from '../admin-users/admin-caller.ts';

type App = Pick<FastifyInstance, 'db'>;

interface WindowRow {
  from_id: number;
  from_code: string;
  from_name: string;
  to_id: number;
  to_code: string;
  to_name: string;
  opens_on: string;
  closes_on: string;
  completed_at: string | null;
  today: string;
}

const ref = (id: number, code: string, name: string): TEditionRef => ({ id, code, name });

/** The window to the edition, as the admin area shows it; null when it has none. */
async function readWindow(q: Queryable, editionId: number): Promise<TEditionTransition | null> {
  const row = await q.maybeOne<WindowRow>(sql`
    select f.id as from_id, f.code as from_code, f.name as from_name,
           n.id as to_id, n.code as to_code, n.name as to_name,
           t.opens_on::text as opens_on, t.closes_on::text as closes_on,
           to_json(t.completed_at) #>> '{}' as completed_at, public.portal_today()::text as today
      from public.edition_transitions t
      join public.survey_versions f on f.id = t.from_version_id
      join public.survey_versions n on n.id = t.to_version_id
     where t.to_version_id = ${editionId}`);
  if (!row) return null;
  const window = { opensOn: row.opens_on, closesOn: row.closes_on, completedAt: row.completed_at };
  return {
    from: ref(row.from_id, row.from_code, row.from_name),
    to: ref(row.to_id, row.to_code, row.to_name),
    ...window,
    state: transitionState(window, row.today),
  };
}

async function readView(q: Queryable, editionId: number): Promise<TEditionTransitionView> {
  const edition = await q.maybeOne<{ id: number }>(
    sql`select id from public.survey_versions where id = ${editionId}`,
  );
  if (!edition) throw new AppError('not_found', { message: 'No such edition.' });
  const current = await q.maybeOne<TEditionRef>(
    sql`select id, code, name from public.survey_versions where is_current`,
  );
  return { transition: await readWindow(q, editionId), current: current ?? null };
}

/** GET /api/admin/editions/:id/transition: the edition's window and the current edition. */
export async function getEditionTransition(
  app: App,
  adminId: number,
  editionId: number,
): Promise<TEditionTransitionView> {
  await requireActiveProviderAdmin(app.db, adminId, EDITIONS_REFUSED_MESSAGE);
  return readView(app.db, editionId);
}

/** The database's refusals of a window (migration 1796002700000) in their words: dates 400, the rest 409. */
function refusalOf(error: { code?: string; constraint?: string; message?: string }): never {
  if (error.code === '23514' && error.constraint === 'edition_transition_dates')
    throw new AppError('invalid_input', { message: error.message ?? 'These dates are not allowed.' });
  if (error.code === '23514' && error.constraint?.startsWith('edition_transition'))
    throw new AppError('invalid_transition', { message: error.message ?? 'The window cannot be set.' });
  if (error.code === '23505' && error.constraint === 'edition_transitions_one_pending')
    throw new AppError('invalid_transition', {
      message: 'Another transition window is pending: it closes before a new one opens.',
    });
  throw error;
}

/**
 * PUT /api/admin/editions/:id/transition: a provider admin opens the window from the current
 * edition to this one, or moves its dates while it has not closed. The dates are checked here
 * (their shape, closing after opening) and by the database (everything else: a published edition,
 * a complete mapping from the current one, not closing in the past, a window over never changes).
 * Runs as the admin, so the audit log names them. Nothing changes when refused.
 */
export async function setEditionTransition(
  app: App,
  adminId: number,
  editionId: number,
  body: unknown,
): Promise<TEditionTransitionView> {
  await requireActiveProviderAdmin(app.db, adminId, EDITIONS_REFUSED_MESSAGE);
  const parsed = ZEditionTransitionInputSchema.safeParse(body);
  if (!parsed.success)
    throw new AppError('invalid_input', { message: parsed.error.issues[0]?.message ?? 'Invalid dates.' });
  const { opensOn, closesOn } = parsed.data;
  return app.db
    .transaction(
      async (tx) => {
        const edition = await tx.maybeOne<{ id: number; is_current: boolean; code: string }>(
          sql`select id, is_current, code from public.survey_versions where id = ${editionId} for update`,
        );
        if (!edition) throw new AppError('not_found', { message: 'No such edition.' });
        if (edition.is_current)
          throw new AppError('invalid_transition', {
            message: `${edition.code} is the current edition: a transition window goes to a newer one.`,
          });
        const changed = await tx.many(sql`
          update public.edition_transitions set opens_on = ${opensOn}::date, closes_on = ${closesOn}::date
           where to_version_id = ${editionId} returning id`);
        const added = changed.length
          ? changed
          : await tx.many(sql`
            insert into public.edition_transitions (from_version_id, to_version_id, opens_on, closes_on)
            select v.id, ${editionId}, ${opensOn}::date, ${closesOn}::date
              from public.survey_versions v where v.is_current
            returning id`);
        if (!added.length)
          throw new AppError('invalid_transition', {
            message: 'There is no current edition: make an edition current before opening a window.',
          });
        return readView(tx, editionId);
      },
      { userId: adminId, role: 'provider_admin' },
    )
    .catch(refusalOf);
}
