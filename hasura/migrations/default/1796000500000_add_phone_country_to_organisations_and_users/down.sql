alter table public.users drop column phone_country_code;
alter table public.organisations drop column phone_country_code;
