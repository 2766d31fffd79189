CREATE OR REPLACE FUNCTION public.refuse_change_to_published_standards()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  parent_column text := case tg_table_name
    when 'indicator_sets' then 'survey_version_id'
    when 'indicators' then 'indicator_set_id'
    when 'checklists' then 'indicator_id'
    when 'checklist_items' then 'checklist_id'
  end;
  editions integer[] := '{}';
  edition record;
begin
  if tg_op <> 'INSERT' then
    editions := editions || case when tg_table_name = 'indicator_sets' then (to_jsonb(old) ->> parent_column)::integer
      else public.edition_of_standards_row(tg_table_name, (to_jsonb(old) ->> parent_column)::integer) end;
  end if;
  if tg_op <> 'DELETE' then
    editions := editions || case when tg_table_name = 'indicator_sets' then (to_jsonb(new) ->> parent_column)::integer
      else public.edition_of_standards_row(tg_table_name, (to_jsonb(new) ->> parent_column)::integer) end;
  end if;
  for edition in
    select v.code, v.status from public.survey_versions v where v.id = any (editions) and v.status <> 'DRAFT'
  loop
    raise exception 'The edition % is %: its standards never change. Import the corrected standards as a new edition.',
      edition.code, lower(edition.status)
      using errcode = 'check_violation', constraint = 'edition_not_draft';
  end loop;
  return null;
end
$function$;
