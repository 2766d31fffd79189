CREATE OR REPLACE FUNCTION public.survey_visitor_practice_suburb(sv survey_visitors)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  select ad.suburb
    from public.survey_visits v
    join public.accreditations a on a.id = v.accreditation_id
    join public.organisations o on o.id = a.practice_id
    join public.addresses ad on ad.id = o.physical_address_id
   where v.id = sv.survey_visit_id
$function$;
comment on function survey_visitor_practice_suburb(survey_visitors) is 'Computed field practice_suburb: the suburb of the practice the visit is to.';
