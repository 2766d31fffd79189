CREATE OR REPLACE FUNCTION public.has_practice_role(user_id integer, practice_id integer, role text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select exists (
    select 1 from public.practice_users pu
      join public.practices p on p.organisation_id = pu.practice_id
     where pu.user_id = has_practice_role.user_id
       and pu.practice_id = has_practice_role.practice_id
       and pu.role = has_practice_role.role
       and pu.active
       and p.active_status = 'ACTIVE')
$function$;
comment on function has_practice_role(integer,integer,text) is 'Whether the user holds the practice role (PM or SU) on the practice: an active row on an ACTIVE practice.';
