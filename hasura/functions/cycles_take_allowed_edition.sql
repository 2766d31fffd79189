CREATE OR REPLACE FUNCTION public.cycles_take_allowed_edition()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  acting_role text := nullif(current_setting('hasura.user', true), '')::json ->> 'x-hasura-role';
  today date := public.portal_today();
  edition public.survey_versions;
  allowed integer[];
  pending public.edition_transitions;
begin
  if tg_op = 'INSERT' and new.survey_version_id is null then
    new.survey_version_id := public.next_cycle_edition(new.practice_id, today);
    return new;
  end if;
  if acting_role is null or acting_role = 'admin'
     or (tg_op = 'UPDATE' and new.survey_version_id is not distinct from old.survey_version_id)
     or new.survey_version_id is null then
    return new;
  end if;
  select * into edition from public.survey_versions where id = new.survey_version_id;
  if edition.status = 'DRAFT' then
    raise exception 'The edition % is a draft: a cycle uses a published edition.', edition.code
      using errcode = 'check_violation', constraint = 'cycle_edition_allowed';
  end if;
  if edition.status = 'RETIRED' then
    raise exception 'The edition % is retired: a cycle uses a published edition.', edition.code
      using errcode = 'check_violation', constraint = 'cycle_edition_allowed';
  end if;
  if tg_op = 'UPDATE' then
    return new;
  end if;
  allowed := public.cycle_editions_allowed(today);
  if not (new.survey_version_id = any (allowed)) then
    select * into pending from public.edition_transitions where completed_at is null;
    if pending.id is not null and today > pending.closes_on and new.survey_version_id = pending.from_version_id then
      raise exception 'The transition window closed on %: new cycles use %.',
        to_char(pending.closes_on, 'DD/MM/YYYY'), (select code from public.survey_versions where id = pending.to_version_id)
        using errcode = 'check_violation', constraint = 'cycle_edition_allowed';
    end if;
    if pending.id is not null and today < pending.opens_on and new.survey_version_id = pending.to_version_id then
      raise exception 'The transition window to % opens on %: until then new cycles use %.', edition.code,
        to_char(pending.opens_on, 'DD/MM/YYYY'), (select code from public.survey_versions where id = pending.from_version_id)
        using errcode = 'check_violation', constraint = 'cycle_edition_allowed';
    end if;
    raise exception 'New cycles use %, not %.',
      coalesce((select string_agg(v.code, ' or ' order by v.id) from public.survey_versions v where v.id = any (allowed)), 'the current edition'),
      edition.code
      using errcode = 'check_violation', constraint = 'cycle_edition_allowed';
  end if;
  return new;
end
$function$;
comment on function cycles_take_allowed_edition() is 'Trigger: a new cycle without an edition takes next_cycle_edition; through Hasura a draft, retired or disallowed edition is refused.';
