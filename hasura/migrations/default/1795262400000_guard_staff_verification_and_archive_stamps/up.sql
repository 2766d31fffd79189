-- Rules that Hasura's column permissions cannot express on their own.
--
-- Role `user` has one update permission per table, but on practice_staff a practice manager may
-- change the details and only a surveyor on the practice may verify (spec 000 §6 verifyStaff:
-- verification is the accreditor's independent check). The guard below refuses, for role `user`,
-- a change of the verification by anyone but a surveyor on the practice, and a change of the
-- details by anyone but its practice manager. It raises check_violation (23514), which Hasura
-- reports as `permission-error`. Back-office roles and the actions service are not limited here.
--
-- The who/when stamps of verifying and archiving are set here rather than by permission presets,
-- because a preset applies to every update, not only to the one that verifies or archives.

create or replace function public.has_practice_role(user_id integer, practice_id integer, role text)
returns boolean language sql stable as $$
  select exists (
    select 1 from public.practice_users pu
      join public.practices p on p.organisation_id = pu.practice_id
     where pu.user_id = has_practice_role.user_id
       and pu.practice_id = has_practice_role.practice_id
       and pu.role = has_practice_role.role
       and pu.active
       and p.active_status = 'ACTIVE')
$$;
comment on function public.has_practice_role(integer, integer, text) is
  'Whether the user holds the practice role (PM or SU) on the practice: an active row on an ACTIVE practice.';

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
create trigger practice_staff_guard before insert or update on public.practice_staff
  for each row execute function public.practice_staff_guard();

create or replace function public.stamp_document_archive() returns trigger
language plpgsql as $$
begin
  if new.archived and (tg_op = 'INSERT' or not old.archived) then
    new.archived_at := coalesce(new.archived_at, now());
    new.archived_by_id := coalesce(new.archived_by_id, public.current_app_user_id());
  elsif not new.archived then
    new.archived_at := null;
    new.archived_by_id := null;
  end if;
  return new;
end
$$;
comment on function public.stamp_document_archive() is 'Trigger: stamps who archived a document and when.';
create trigger documents_stamp_archive before insert or update of archived on public.documents
  for each row execute function public.stamp_document_archive();
