import {
  CHOICE_LIST_KEYS,
  CHOICE_LIST_SOURCES,
  type TChoice,
  type TChoiceListKey,
  type TStaticChoices,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/**
 * The upload limit in decimal MB (spec 002 §9 max_file_size): the provider's setting
 * (provider_settings, changed in the admin console), else the service's MAX_FILE_SIZE_MB. Read at
 * each use, so every action that checks a file agrees with what the web app was told.
 */
export async function uploadLimitMb(db: Queryable, configured: number): Promise<number> {
  const row = await db.maybeOne<{ max_file_size_mb: number | null }>(
    sql`select max_file_size_mb from public.provider_settings where id`,
  );
  return row?.max_file_size_mb ?? configured;
}

/** Reasons kept for older visits only (docs/decisions/survey-planning.md): never offered. */
const NEVER_OFFERED = { visit_reason: 'LEGACY\\_%' } as Record<string, string>;

async function enumPairs(db: Queryable, table: string): Promise<TChoice[]> {
  const hidden = NEVER_OFFERED[table];
  const rows = await db.many<{ value: string; comment: string }>(sql`
    select value, comment from ${sql.ident('public', table)}
     where ${hidden ? sql`value not like ${hidden}` : sql`true`}
     order by value`);
  return rows.map((r): TChoice => [r.value, r.comment]);
}

/**
 * Every choice list by its key (spec 000 §3), and the upload limit (GET /api/static/choices). The
 * enum tables' rows in value order (as every list of the app showed them), choice_items' active
 * items in their position; an archived item is not offered but still named where it is used.
 */
export async function loadStaticChoices(db: Queryable, configuredMaxMb: number): Promise<TStaticChoices> {
  const items = await db.many<{ list_key: string; value: string; label: string }>(sql`
    select list_key, value, label from public.choice_items
     where active order by list_key, position, id`);
  const lists = {} as Record<TChoiceListKey, TChoice[]>;
  for (const key of CHOICE_LIST_KEYS) {
    const source = CHOICE_LIST_SOURCES[key];
    lists[key] =
      'enumTable' in source
        ? await enumPairs(db, source.enumTable)
        : items.filter((i) => i.list_key === source.items).map((i): TChoice => [i.value, i.label]);
  }
  return { ...lists, max_file_size: await uploadLimitMb(db, configuredMaxMb) };
}

/** Whether a value is an active item of one of choice_items' lists. */
export async function isOfferedChoice(db: Queryable, listKey: string, value: string): Promise<boolean> {
  const row = await db.maybeOne<{ id: number }>(sql`
    select id from public.choice_items where list_key = ${listKey} and value = ${value} and active`);
  return row !== undefined;
}
