-- The practice's own phone and a user's phone get the country the other phones have (spec 000 §9
-- "Default phone country AU"; docs/decisions/practices-and-staff.md, "Phones"): the number is checked
-- for that country by the actions that save it. Every existing number stays Australian.
alter table public.organisations
  add column phone_country_code text not null default 'AU',
  add constraint organisations_phone_country_code_check check (phone_country_code ~ '^[A-Z]{2}$');
comment on column public.organisations.phone_country_code is
  'ISO 3166 alpha-2 country of phone (AU by default); the number is checked for it.';

alter table public.users
  add column phone_country_code text not null default 'AU',
  add constraint users_phone_country_code_check check (phone_country_code ~ '^[A-Z]{2}$');
comment on column public.users.phone_country_code is
  'ISO 3166 alpha-2 country of phone (AU by default); the number is checked for it.';
