CREATE OR REPLACE FUNCTION public.survey_visitor_practice_name(sv survey_visitors)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  select o.name
    from public.survey_visits v
    join public.accreditations a on a.id = v.accreditation_id
    join public.organisations o on o.id = a.practice_id
   where v.id = sv.survey_visit_id
$function$;
comment on function survey_visitor_practice_name(survey_visitors) is 'Computed field practice_name: the name of the practice the visit is to.';
