-- Who may read an indicator resource (spec 002 §2 "Resource visibility: administrators see all;
-- surveyors see resources flagged for_surveyor; practice manager roles see resources flagged
-- for_pm"), written once for the database. The select permission of indicator_resources asks it as
-- the computed field can_read (rules only, granted to no role), and the resourceDownloadUrl action
-- asks the same function with the caller's session, so a file is downloadable exactly when its row
-- is readable through GraphQL.
--
-- The same rule as the permission it replaces: the back office (qam, provider_admin; the admin
-- secret) reads every resource, archived ones too (they manage them); role user reads a live one
-- flagged for_pm while an active PM of some practice, or flagged for_surveyor while a surveyor
-- (users.is_surveyor, or an active SU of some practice).

create function public.indicator_resource_can_read(r public.indicator_resources, hasura_session json)
returns boolean language sql stable as $$
  select case
           when s.role in ('qam', 'provider_admin', 'admin') then true
           when s.role = 'user' then not r.archived and (
             (r.for_pm and exists (
                select 1 from public.practice_users pu
                 where pu.user_id = s.user_id and pu.role = 'PM' and pu.active))
             or (r.for_surveyor and exists (
                select 1 from public.users u
                 where u.id = s.user_id
                   and (u.is_surveyor or exists (
                          select 1 from public.practice_users pu
                           where pu.user_id = u.id and pu.role = 'SU' and pu.active)))))
           else false
         end
    from (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                 hasura_session ->> 'x-hasura-role' as role) s
$$;
comment on function public.indicator_resource_can_read(public.indicator_resources, json) is
  'Computed field can_read (rules only): the session may read the resource (spec 002 §2), and so download its file.';
