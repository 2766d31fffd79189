CREATE OR REPLACE FUNCTION public.refresh_current_accreditation()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  target integer := coalesce(new.practice_id, old.practice_id);
begin
  update public.practices p
     set current_accreditation_id = (
       select a.id from public.accreditations a
        where a.practice_id = target and not a.archived
        order by a.created_at desc, a.id desc limit 1)
   where p.organisation_id = target
     and p.current_accreditation_id is distinct from (
       select a.id from public.accreditations a
        where a.practice_id = target and not a.archived
        order by a.created_at desc, a.id desc limit 1);
  if tg_op = 'UPDATE' and old.practice_id <> new.practice_id then
    update public.practices p
       set current_accreditation_id = (
         select a.id from public.accreditations a
          where a.practice_id = old.practice_id and not a.archived
          order by a.created_at desc, a.id desc limit 1)
     where p.organisation_id = old.practice_id;
  end if;
  return null;
end
$function$;
