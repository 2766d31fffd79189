-- The guard as migration guard_staff_verification_and_archive_stamps wrote it.

create or replace function public.practice_staff_guard() returns trigger
language plpgsql as $$
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
    if verification_changed and not public.has_practice_role(actor, new.practice_id, 'SU') then
      raise exception 'only a surveyor on the practice may verify its staff'
        using errcode = 'check_violation';
    end if;
    if (to_jsonb(new) - stamps) is distinct from (to_jsonb(old) - stamps)
       and not public.has_practice_role(actor, new.practice_id, 'PM') then
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
$$;
comment on function public.practice_staff_guard() is
  'Trigger: PM changes staff details, a surveyor on the practice verifies (role user); stamps verification.';
drop function public.practice_staff_documents_in_practice(public.practice_staff);
drop function public.practice_staff_can_verify(public.practice_staff, json);
drop function public.practice_staff_can_change(public.practice_staff, json);
drop function public.practice_flags(integer, json);
