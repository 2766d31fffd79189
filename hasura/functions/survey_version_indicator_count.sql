CREATE OR REPLACE FUNCTION public.survey_version_indicator_count(survey_version survey_versions)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  select count(*)::integer from public.indicators i
    join public.indicator_sets s on s.id = i.indicator_set_id
   where s.survey_version_id = survey_version.id and s.type = 'STANDARDS'
$function$;
comment on function survey_version_indicator_count(survey_versions) is 'Number of indicators an assessment of this survey version covers (its STANDARDS sets).';
