-- An admin's e-mail address is a way into their account (a reset link goes to it), so (issue 28):
-- the e-mail of a user who is an admin (is_admin or is_superadmin) changes only when the acting
-- user is an active super admin, and every such change is told to the OLD address through the
-- outbox. Taking an admin's admin flag away needs a super admin too, or the first rule could be
-- stepped around by demoting the admin, changing the address, and promoting them again.
-- The acting user is the session Hasura (and the actions service, for a caller) sets in
-- `hasura.user`. A statement without a user in it is trusted: no session at all is server code
-- (the actions service's own statements, seeds, migrations, the database's owner), a session
-- without x-hasura-user-id is the holder of the engine's admin secret; their changes go through
-- and are still told to the old address. docs/decisions/admin-console.md.
create function public.users_admin_guard() returns trigger
language plpgsql set search_path = pg_catalog, public as $$
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
$$;
comment on function public.users_admin_guard() is
  'Trigger: an admin''s e-mail and admin flags change only by a super admin (or trusted server code).';

create function public.users_admin_email_notice() returns trigger
language plpgsql set search_path = pg_catalog, public as $$
declare
  session json := nullif(current_setting('hasura.user', true), '')::json;
  actor_id integer := public.current_app_user_id();
  actor text;
  greeting text := case when btrim(old.first_name) = '' then 'Hello,' else 'Hello ' || btrim(old.first_name) || ',' end;
begin
  select coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), '') || ' (' || u.email || ')', u.email::text)
    into actor from public.users u where u.id = actor_id;
  actor := coalesce(actor,
    case when actor_id is not null then 'user ' || actor_id
         when session is not null then 'an administrator of the server (the engine''s admin secret)'
         else 'the portal itself (a server task)' end);
  -- Product name and support address as in packages/domain (PRODUCT_NAME, SUPPORT_EMAIL).
  insert into public.email_outbox (to_address, subject, text_body, template)
  values (
    old.email,
    'Your Connect e-mail address was changed',
    concat_ws(e'\n',
      greeting,
      '',
      format('The e-mail address of your Connect account was changed from %s to %s by %s on %s (Sydney time).',
        old.email, new.email, actor, to_char(now() at time zone 'Australia/Sydney', 'DD/MM/YYYY "at" HH24:MI')),
      '',
      'From now on, signing in and the portal''s e-mails use the new address; this message goes to the old one so that you know.',
      'If you did not expect this change, contact support@example.org at once.'),
    'admin-email-changed');
  return null;
end
$$;
comment on function public.users_admin_email_notice() is
  'Trigger: tells an admin''s old e-mail address, through the outbox, that it was changed and by whom.';

create trigger users_admin_guard before update of email, is_admin, is_superadmin on public.users
  for each row execute function public.users_admin_guard();
create trigger users_admin_email_notice after update of email on public.users
  for each row when ((old.is_admin or old.is_superadmin) and new.email is distinct from old.email)
  execute function public.users_admin_email_notice();
