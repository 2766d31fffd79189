-- Who may read a survey visit, written once for the database. The select permission of
-- survey_visits (role user) asks it as the computed field can_read (rules only, granted to no
-- role), and the survey confirmation form (GET /api/survey-visits/:id/confirmation) asks the same
-- function with the caller's session, so the form downloads exactly when the visit is readable
-- through GraphQL.
--
-- The same rule as the permission it replaces: the back office (qam, provider_admin; the admin
-- secret) reads every visit; role user reads a visit of an ACTIVE practice they hold an active
-- role on, and any visit they were offered (a surveyor offered, accepted or declined).
create function public.survey_visit_can_read(v public.survey_visits, hasura_session json)
returns boolean language sql stable as $$
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
                 hasura_session ->> 'x-hasura-role' as role) s
$$;
comment on function public.survey_visit_can_read(public.survey_visits, json) is
  'Computed field can_read (rules only): the session may read the survey visit, and so download its confirmation form.';
