CREATE OR REPLACE FUNCTION public.practice_flags(p_practice_id integer, hasura_session json)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  select public.permission_flags(
           public.has_practice_role(s.user_id, p_practice_id, 'PM'),
           public.has_practice_role(s.user_id, p_practice_id, 'SU'),
           -- At the practice level a surveyor is a visitor when they visit any of its visits.
           exists (select 1 from public.survey_visits v
                     join public.accreditations acc on acc.id = v.accreditation_id
                     join public.survey_visitors sv on sv.survey_visit_id = v.id
                    where acc.practice_id = p_practice_id and not v.archived
                      and sv.user_id = s.user_id and sv.status = 'ACCEPTED'),
           case s.role when 'qam' then 'qam' when 'provider_admin' then 'provider_admin'
                       when 'admin' then 'provider_admin' end)
    from (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                 public.portal_role(hasura_session) as role) s
$function$;
comment on function practice_flags(integer,json) is 'The session user''s flags on a practice (domain derivePermissionFlags without a visit scope).';
