do $$
declare
  fn oid;
begin
  for fn in
    select p.oid from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prosrc like '%public.portal_role(hasura_session)%'
  loop
    execute replace(pg_get_functiondef(fn), 'public.portal_role(hasura_session)',
                    'hasura_session ->> ''x-hasura-role''');
  end loop;
end
$$;

drop function public.portal_role(json);
