import type { ScaleContext } from './context.ts';

/** What the skipped triggers and explicit ids leave to do: `practices.current_accreditation_id`, identity sequences. */
export async function finishLoad({ sql, base }: ScaleContext): Promise<void> {
  // The trigger's rule, applied once: the latest non-archived cycle of each generated practice.
  await sql(
    `update public.practices pr set current_accreditation_id = c.id
       from (select distinct on (a.practice_id) a.practice_id, a.id from public.accreditations a
              where not a.archived and a.practice_id > $1::int
              order by a.practice_id, a.created_at desc, a.id desc) c
      where pr.organisation_id = c.practice_id and pr.current_accreditation_id is distinct from c.id`,
    [base.org],
  );
  // Identity sequences past everything we inserted with explicit ids.
  await sql(
    `do $$ declare t record; begin
       for t in select c.relname from pg_attribute a join pg_class c on c.oid = a.attrelid
                 join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and a.attidentity <> '' and c.relkind = 'r' and a.attname = 'id' loop
         execute format('select setval(pg_get_serial_sequence(%L, ''id''), greatest(m, 1), m > 0)'
                        || ' from (select coalesce(max(id), 0) as m from public.%I) x', 'public.' || t.relname, t.relname);
       end loop;
     end $$`,
  );
}
