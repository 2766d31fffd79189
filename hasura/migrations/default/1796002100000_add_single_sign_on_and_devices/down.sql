delete from public.account_security_events where event = 'SSO_LINKED' or method = 'oidc';
-- The lists as they were before: SSO_LINKED and oidc taken out again (whatever else they hold).
do $$
declare
  rule record;
begin
  for rule in
    select c.conname, pg_get_constraintdef(c.oid) as def, v.value
      from pg_constraint c
      join (values ('account_security_events_event_known', 'SSO_LINKED'),
                   ('account_security_events_method_known', 'oidc')) as v (name, value) on v.name = c.conname
     where c.conrelid = 'public.account_security_events'::regclass
  loop
    execute format('alter table public.account_security_events drop constraint %I, add constraint %I %s',
      rule.conname, rule.conname, replace(rule.def, format(', %L::text]', rule.value), ']'));
  end loop;
end $$;
alter table public.sessions drop column second_factor_at_idp;
drop table public.user_devices;
drop table public.sso_sign_in_requests;
drop table public.user_identities;
