CREATE OR REPLACE FUNCTION public.check_edition_mapping()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  m public.edition_mappings;
  problem text;
begin
  select * into m from public.edition_mappings where id = coalesce(new.mapping_id, old.mapping_id);
  if m.id is null then
    return null;
  end if;
  select coalesce(
    (select 'the indicator ' || i.code || ' is not of the edition it is mapped from'
       from public.edition_indicator_mappings r join public.indicators i on i.id = r.from_indicator_id
       join public.indicator_sets s on s.id = i.indicator_set_id
      where r.mapping_id = m.id and s.survey_version_id <> m.from_version_id limit 1),
    (select 'the indicator ' || i.code || ' is not of the edition it is mapped to'
       from public.edition_indicator_mappings r join public.indicators i on i.id = r.to_indicator_id
       join public.indicator_sets s on s.id = i.indicator_set_id
      where r.mapping_id = m.id and s.survey_version_id <> m.to_version_id limit 1),
    (select 'the indicator ' || i.code || ' has more than one kind, or a kind with the wrong number of targets'
       from public.edition_indicator_mappings r join public.indicators i on i.id = r.from_indicator_id
      where r.mapping_id = m.id
      group by i.id, i.code
     having count(distinct r.kind) > 1
         or (min(r.kind) in ('EQUIVALENT', 'MERGED', 'RETIRED') and count(*) <> 1)
         or (min(r.kind) = 'SPLIT' and count(*) < 2)
      limit 1),
    (select 'the indicator ' || i.code || ' of the newer edition has sources that do not agree on one mapping'
       from public.edition_indicator_mappings r join public.indicators i on i.id = r.to_indicator_id
      where r.mapping_id = m.id
      group by i.id, i.code
     having (bool_or(r.kind = 'MERGED') and (bool_or(r.kind <> 'MERGED') or count(*) < 2))
         or (not bool_or(r.kind = 'MERGED') and count(*) <> 1)
      limit 1),
    (select 'the checklist item ' || t.item_text || ' maps between indicators that do not map'
       from public.edition_item_mappings x
       join public.checklist_items t on t.id = x.from_item_id
       join public.checklists fc on fc.id = t.checklist_id
       join public.checklist_items u on u.id = x.to_item_id
       join public.checklists tc on tc.id = u.checklist_id
      where x.mapping_id = m.id
        and not exists (select 1 from public.edition_indicator_mappings r
                         where r.mapping_id = m.id and r.from_indicator_id = fc.indicator_id
                           and r.to_indicator_id = tc.indicator_id)
      limit 1))
    into problem;
  if problem is not null then
    raise exception 'The mapping is not consistent: %.', problem
      using errcode = 'check_violation', constraint = 'edition_mapping_rules';
  end if;
  return null;
end
$function$;
