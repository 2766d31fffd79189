-- The admin console runs as Hasura's role provider_admin_console (issue 28: provider_admin's
-- permissions plus console_grants, hasura/metadata/inherited_roles.yaml), not as admin. The SQL
-- rules that read the role from the session (`hasura_session ->> 'x-hasura-role'`: who is back
-- office in access_to_assessment, practice_flags and the can_read predicates) know the portal's
-- roles by name, so they would take the console for nobody. public.portal_role(session) is the
-- role they read instead: the console's role counts as provider_admin, every other role is itself.
create function public.portal_role(hasura_session json) returns text
language sql immutable parallel safe as $$
  select case hasura_session ->> 'x-hasura-role'
           when 'provider_admin_console' then 'provider_admin'
           else hasura_session ->> 'x-hasura-role' end
$$;
comment on function public.portal_role(json) is
  'The role the portal''s SQL rules see in a Hasura session: the admin console''s role counts as provider_admin.';

-- Every function that reads the role from its session argument, redefined as it stands with
-- portal_role in its place (as 1795960000000 did for current_date): bodies otherwise unchanged.
-- The five known ones must be among them, or this stops.
do $$
declare
  fn record;
  patched text[] := '{}';
begin
  for fn in
    select p.oid, p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prosrc like '%hasura_session ->> ''x-hasura-role''%'
       and p.proname <> 'portal_role'
  loop
    execute replace(pg_get_functiondef(fn.oid), 'hasura_session ->> ''x-hasura-role''',
                    'public.portal_role(hasura_session)');
    patched := patched || fn.proname::text;
  end loop;
  if not patched @> array['access_to_assessment', 'practice_flags', 'indicator_resource_can_read',
                          'certificate_can_read', 'survey_visit_can_read'] then
    raise exception 'expected to patch the five role-reading predicates, patched %', patched;
  end if;
end
$$;

