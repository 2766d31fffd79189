drop trigger public_holidays_audit on public.public_holidays;
drop function public.add_business_days(date, integer);
drop table public.public_holidays;
