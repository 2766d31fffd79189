CREATE OR REPLACE FUNCTION public.survey_visit_can_read(v survey_visits, hasura_session json)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select case
           when s.role in ('qam', 'provider_admin', 'admin') then true
           when s.role = 'user' then
             exists (
               select 1 from public.accreditations a
                 join public.practices p on p.organisation_id = a.practice_id
                 join public.practice_users pu on pu.practice_id = p.organisation_id
                where a.id = v.accreditation_id and p.active_status = 'ACTIVE'
                  and pu.user_id = s.user_id and pu.active)
             or exists (
               select 1 from public.survey_visitors sv
                where sv.survey_visit_id = v.id and sv.user_id = s.user_id)
           else false
         end
    from (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                 public.portal_role(hasura_session) as role) s
$function$;
comment on function survey_visit_can_read(survey_visits,json) is 'Computed field can_read (rules only): the session may read the survey visit, and so download its confirmation form.';
