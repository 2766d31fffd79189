CREATE OR REPLACE FUNCTION public.edition_of_standards_row(kind text, row_id integer)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
    select case kind
      when 'indicator_sets' then (select s.survey_version_id from public.indicator_sets s where s.id = row_id)
      when 'indicators' then (select s.survey_version_id from public.indicator_sets s where s.id = row_id)
      when 'checklists' then (
        select s.survey_version_id from public.indicators i
          join public.indicator_sets s on s.id = i.indicator_set_id where i.id = row_id)
      when 'checklist_items' then (
        select s.survey_version_id from public.checklists c
          join public.indicators i on i.id = c.indicator_id
          join public.indicator_sets s on s.id = i.indicator_set_id where c.id = row_id)
    end
  $function$;
