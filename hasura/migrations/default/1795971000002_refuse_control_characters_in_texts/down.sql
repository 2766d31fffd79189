-- Drops every CHECK the up migration added: they, and only they, are named
-- <table>_<column>_control_characters (constraints.test.ts holds the names).
do $$
declare
  rule record;
begin
  for rule in
    select c.conrelid::regclass as table_name, c.conname
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where n.nspname = 'public' and c.contype = 'c' and c.conname like '%\_control\_characters'
  loop
    execute format('alter table %s drop constraint %I', rule.table_name, rule.conname);
  end loop;
end
$$;
