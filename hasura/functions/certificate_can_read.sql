CREATE OR REPLACE FUNCTION public.certificate_can_read(c certificates, hasura_session json)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select case
           when s.role in ('qam', 'provider_admin', 'admin') then true
           when s.role = 'user' then c.validity = 'VALID' and exists (
             select 1 from public.practices p
               join public.practice_users pu on pu.practice_id = p.organisation_id
              where p.organisation_id = c.practice_id and p.active_status = 'ACTIVE'
                and pu.user_id = s.user_id and pu.active)
           else false
         end
    from (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                 public.portal_role(hasura_session) as role) s
$function$;
comment on function certificate_can_read(certificates,json) is 'Computed field can_read (rules only): the session may read the certificate, and so download its file.';
