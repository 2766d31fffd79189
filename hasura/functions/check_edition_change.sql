CREATE OR REPLACE FUNCTION public.check_edition_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  if tg_op = 'DELETE' then
    raise exception 'The edition % is kept: retire it instead of deleting it.', old.code
      using errcode = 'check_violation', constraint = 'edition_kept';
  end if;
  if old.status <> 'DRAFT' and (new.code, new.name, new.effective_from) is distinct from (old.code, old.name, old.effective_from) then
    raise exception 'The edition % is %: its code, name and date never change.', old.code, lower(old.status)
      using errcode = 'check_violation', constraint = 'edition_not_draft';
  end if;
  if new.status is distinct from old.status then
    if not ((old.status = 'DRAFT' and new.status in ('PUBLISHED', 'RETIRED')) or (old.status = 'PUBLISHED' and new.status = 'RETIRED')) then
      raise exception 'The edition % is %: it cannot become %.', old.code, lower(old.status), lower(new.status)
        using errcode = 'check_violation', constraint = 'edition_status_change';
    end if;
    if new.status = 'PUBLISHED' then
      if not exists (select 1 from public.indicator_sets s where s.survey_version_id = new.id)
         or exists (
           select 1 from public.indicator_sets s
            where s.survey_version_id = new.id
              and not exists (select 1 from public.indicators i where i.indicator_set_id = s.id)) then
        raise exception 'The edition % has a set without indicators, or no set: give every set an indicator before publishing it.', old.code
          using errcode = 'check_violation', constraint = 'edition_publish_empty';
      end if;
      new.published_at := coalesce(new.published_at, now());
    elsif new.status = 'RETIRED' then
      new.retired_at := coalesce(new.retired_at, now());
    end if;
  end if;
  return new;
end
$function$;
