-- Extensions and helper functions every later migration relies on.
create extension if not exists citext;
create extension if not exists pg_trgm;

-- The acting user as Hasura (and our actions service) sets it: `hasura.user` holds the
-- session variables as JSON for the current transaction. Null outside a user request.
create or replace function public.current_app_user_id() returns integer
language sql stable as $$
  select nullif(nullif(current_setting('hasura.user', true), '')::json ->> 'x-hasura-user-id', '')::integer
$$;
comment on function public.current_app_user_id() is 'User id of the acting session (hasura.user), or null.';

create or replace function public.set_updated_at() returns trigger
language plpgsql as $$
begin
  -- A statement that changes nothing leaves the stamp (and so the audit log) alone.
  if row(new.*) is distinct from row(old.*) then
    new.updated_at := now();
  end if;
  return new;
end
$$;
comment on function public.set_updated_at() is 'Trigger: stamps updated_at on every update.';
