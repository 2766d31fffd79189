import { SURVEY_OFFER_MESSAGES } from '@portal/domain';
import type { z } from 'zod';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';

/** The surveyor's own operations (offers, conflicts, preferred days) need an active surveyor. */
export async function requireSurveyor(db: Queryable, caller: Caller): Promise<void> {
  const row = await db.maybeOne<{ ok: boolean }>(
    sql`select is_surveyor and is_active as ok from public.users where id = ${caller.userId}`,
  );
  if (!row?.ok) throw new AppError('forbidden', { message: SURVEY_OFFER_MESSAGES.notSurveyor });
}

/**
 * The input checked with a domain schema; a refusal answers its first message (and every field's),
 * so the screen can show the same words the form would.
 */
export function parseOrRefuse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw new AppError('invalid_input', { message: parsed.error.issues[0]!.message, fields });
}
