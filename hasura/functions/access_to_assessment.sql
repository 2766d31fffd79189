CREATE OR REPLACE FUNCTION public.access_to_assessment(a assessments, hasura_session json)
 RETURNS assessment_access
 LANGUAGE sql
 STABLE
AS $function$
  select public.has_practice_role(s.user_id, acc.practice_id, 'PM'),
         public.has_practice_role(s.user_id, acc.practice_id, 'SU'),
         exists (select 1 from public.survey_visits v
                   join public.survey_visitors sv on sv.survey_visit_id = v.id
                  where v.id = a.survey_visit_id and not v.archived
                    and sv.user_id = s.user_id and sv.status = 'ACCEPTED'),
         -- The request's role, as userPermissions reads it (the admin secret counts as a provider admin).
         case s.role when 'qam' then 'qam' when 'provider_admin' then 'provider_admin'
                     when 'admin' then 'provider_admin' end,
         exists (select 1 from public.assessment_submissions sub
                  where sub.assessment_id = a.id and sub.user_id = s.user_id and sub.withdrawn_at is null)
    from public.accreditations acc,
         lateral (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                         public.portal_role(hasura_session) as role) s
   where acc.id = a.accreditation_id
$function$;
comment on function access_to_assessment(assessments,json) is 'Who the session''s user is on the assessment (see the type assessment_access); only live submissions count.';
