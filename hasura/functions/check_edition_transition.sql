CREATE OR REPLACE FUNCTION public.check_edition_transition()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  today date := public.portal_today();
  newer public.survey_versions;
  older public.survey_versions;
  unmapped integer;
begin
  if tg_op <> 'INSERT' and old.completed_at is not null then
    raise exception 'The transition to this edition is over: its window never changes.'
      using errcode = 'check_violation', constraint = 'edition_transition_over';
  end if;
  if tg_op = 'DELETE' then
    if old.opens_on <= today then
      raise exception 'The transition window opened on %: shorten it instead of removing it.', to_char(old.opens_on, 'DD/MM/YYYY')
        using errcode = 'check_violation', constraint = 'edition_transition_opened';
    end if;
    return old;
  end if;
  if tg_op = 'UPDATE' and new.completed_at is not null then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.closes_on < today then
    raise exception 'The transition window closed on %: it never changes.', to_char(old.closes_on, 'DD/MM/YYYY')
      using errcode = 'check_violation', constraint = 'edition_transition_over';
  end if;
  select * into newer from public.survey_versions where id = new.to_version_id;
  select * into older from public.survey_versions where id = new.from_version_id;
  if newer.status = 'DRAFT' then
    raise exception 'The edition % is draft: publish it before opening a transition window to it.', newer.code
      using errcode = 'check_violation', constraint = 'edition_transition_published';
  end if;
  if newer.status <> 'PUBLISHED' then
    raise exception 'The edition % is retired: a transition window goes to a published edition.', newer.code
      using errcode = 'check_violation', constraint = 'edition_transition_published';
  end if;
  if not older.is_current then
    raise exception 'A transition window goes from the current edition, and % is not current.', older.code
      using errcode = 'check_violation', constraint = 'edition_transition_from_current';
  end if;
  select count(*) into unmapped
    from public.indicators i join public.indicator_sets s on s.id = i.indicator_set_id
   where s.survey_version_id = older.id
     and not exists (select 1 from public.edition_indicator_mappings r
                      join public.edition_mappings m on m.id = r.mapping_id
                     where m.from_version_id = older.id and m.to_version_id = newer.id and r.from_indicator_id = i.id);
  if unmapped > 0 or not exists (select 1 from public.edition_mappings m
                                  where m.from_version_id = older.id and m.to_version_id = newer.id) then
    raise exception 'Map every indicator of % to % before opening a transition window (% not mapped).', older.code, newer.code, unmapped
      using errcode = 'check_violation', constraint = 'edition_transition_mapping';
  end if;
  if new.closes_on <= new.opens_on then
    raise exception 'The window must close after it opens: choose a closing date after %.', to_char(new.opens_on, 'DD/MM/YYYY')
      using errcode = 'check_violation', constraint = 'edition_transition_dates';
  end if;
  if (tg_op = 'INSERT' or new.closes_on is distinct from old.closes_on) and new.closes_on < today then
    raise exception 'The window cannot close in the past: choose a closing date from % on.', to_char(today, 'DD/MM/YYYY')
      using errcode = 'check_violation', constraint = 'edition_transition_dates';
  end if;
  return new;
end
$function$;
comment on function check_edition_transition() is 'Trigger: a transition window goes from the current edition to a published one with a complete mapping; it closes after it opens, not in the past, and never changes once closed.';
