CREATE OR REPLACE FUNCTION public.users_admin_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  actor_id integer := public.current_app_user_id();
  refusal text;
begin
  if (old.is_admin or old.is_superadmin) and new.email is distinct from old.email then
    refusal := 'Only a super admin can change the e-mail address of an admin.';
  elsif (old.is_admin and not new.is_admin) or (old.is_superadmin and not new.is_superadmin) then
    refusal := 'Only a super admin can take away an admin''s rights.';
  elsif new.is_superadmin and not old.is_superadmin then
    refusal := 'Only a super admin can make someone a super admin.';
  end if;
  if refusal is null or actor_id is null
     or exists (select 1 from public.users u where u.id = actor_id and u.is_superadmin and u.is_active) then
    return new;
  end if;
  raise exception '%', refusal using errcode = 'check_violation';
end
$function$;
comment on function users_admin_guard() is 'Trigger: an admin''s e-mail and admin flags change only by a super admin (or trusted server code).';
