import { CONFLICT_SEARCH_LIMIT, CONFLICT_SEARCH_MIN, containsPattern, isOneLineText } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';
import { requireSurveyor } from './surveyor-access.ts';

export interface TConflictSubject {
  kind: 'PRACTICE' | 'NETWORK';
  id: number;
  name: string;
  suburb: string | null;
}

/**
 * `searchConflictSubjects`: the practices and networks whose name holds the text, for a surveyor
 * declaring a conflict of interest. Names and suburbs only (surveyors read no other practice
 * data), at most CONFLICT_SEARCH_LIMIT, practices of any status (a conflict outlives a cycle).
 */
export async function searchConflictSubjects(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { search: string },
): Promise<TConflictSubject[]> {
  await requireSurveyor(app.db, caller);
  const text = input.search.trim();
  if (!isOneLineText(text) || text.length > 100)
    throw new AppError('invalid_input', { message: 'Search with a shorter text, on one line.' });
  if (text.length < CONFLICT_SEARCH_MIN) return [];
  const pattern = containsPattern(text);
  return app.db.many<TConflictSubject>(sql`
    select kind, id, name, suburb from (
      select 'PRACTICE' as kind, o.id, o.name, ad.suburb
        from public.practices p
        join public.organisations o on o.id = p.organisation_id
        left join public.addresses ad on ad.id = o.physical_address_id
       where o.name ilike ${pattern}
      union all
      select 'NETWORK', n.id, n.name, null
        from public.practice_networks n
       where n.name ilike ${pattern}
    ) found
    order by lower(name), kind, id
    limit ${CONFLICT_SEARCH_LIMIT}`);
}
