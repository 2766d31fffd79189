CREATE OR REPLACE FUNCTION public.indicator_resource_can_read(r indicator_resources, hasura_session json)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
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
                 public.portal_role(hasura_session) as role) s
$function$;
comment on function indicator_resource_can_read(indicator_resources,json) is 'Computed field can_read (rules only): the session may read the resource (spec 002 §2), and so download its file.';
