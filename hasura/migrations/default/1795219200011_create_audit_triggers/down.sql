do $$
declare
  t record;
begin
  for t in
    select tgname, c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid
     join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and g.tgfoid = 'public.audit_row()'::regprocedure
  loop
    execute format('drop trigger %I on public.%I', t.tgname, t.relname);
  end loop;
end
$$;
drop function public.audit_row();
drop table public.audit_log;
