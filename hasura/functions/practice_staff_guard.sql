CREATE OR REPLACE FUNCTION public.practice_staff_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  session json := nullif(current_setting('hasura.user', true), '')::json;
  acting_role text := session ->> 'x-hasura-role';
  actor integer := nullif(session ->> 'x-hasura-user-id', '')::integer;
  stamps text[] := array['verified', 'verified_at', 'verified_by_id', 'updated_at'];
  verification_changed boolean;
begin
  if tg_op = 'INSERT' then
    if new.verified and new.verified_at is null then
      new.verified_at := now();
      new.verified_by_id := coalesce(new.verified_by_id, actor);
    end if;
    return new;
  end if;

  verification_changed := new.verified is distinct from old.verified;
  if acting_role = 'user' then
    if verification_changed and not public.practice_staff_can_verify(new, session) then
      raise exception 'only a surveyor on the practice may verify its staff'
        using errcode = 'check_violation';
    end if;
    if (to_jsonb(new) - stamps) is distinct from (to_jsonb(old) - stamps)
       and not public.practice_staff_can_change(new, session) then
      raise exception 'only the practice manager may change staff details'
        using errcode = 'check_violation';
    end if;
  end if;
  if verification_changed then
    if new.verified then
      new.verified_at := now();
      new.verified_by_id := actor;
    else
      new.verified_at := null;
      new.verified_by_id := null;
    end if;
  end if;
  return new;
end
$function$;
comment on function practice_staff_guard() is 'Trigger: for role user, details need practice_staff_can_change (PM), verifying practice_staff_can_verify (surveyor); stamps verification.';
