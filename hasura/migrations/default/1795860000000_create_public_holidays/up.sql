-- National public holidays, the days the scheme's timelines skip (issue 17: an action plan is due
-- 65 business days after the decision). Data, not code: the back office adds a year or a day
-- through the admin console; the functions below read whatever the table holds.
create table public.public_holidays (
  day date primary key,
  name text not null check (length(btrim(name)) between 1 and 100),
  created_at timestamptz not null default now()
);
comment on table public.public_holidays is 'National public holidays (with observed substitute days) that business-day timelines skip.';

-- The national holidays observed across Australia, with the substitute weekdays when one falls on
-- a weekend (Anzac Day has no national substitute). 2024 to 2035.
insert into public.public_holidays (day, name) values
  ('2024-01-01', 'New Year''s Day'),
  ('2024-01-26', 'Australia Day'),
  ('2024-03-29', 'Good Friday'),
  ('2024-04-01', 'Easter Monday'),
  ('2024-04-25', 'Anzac Day'),
  ('2024-12-25', 'Christmas Day'),
  ('2024-12-26', 'Boxing Day'),
  ('2025-01-01', 'New Year''s Day'),
  ('2025-01-26', 'Australia Day'),
  ('2025-01-27', 'Australia Day (observed)'),
  ('2025-04-18', 'Good Friday'),
  ('2025-04-21', 'Easter Monday'),
  ('2025-04-25', 'Anzac Day'),
  ('2025-12-25', 'Christmas Day'),
  ('2025-12-26', 'Boxing Day'),
  ('2026-01-01', 'New Year''s Day'),
  ('2026-01-26', 'Australia Day'),
  ('2026-04-03', 'Good Friday'),
  ('2026-04-06', 'Easter Monday'),
  ('2026-04-25', 'Anzac Day'),
  ('2026-12-25', 'Christmas Day'),
  ('2026-12-26', 'Boxing Day'),
  ('2026-12-28', 'Boxing Day (observed)'),
  ('2027-01-01', 'New Year''s Day'),
  ('2027-01-26', 'Australia Day'),
  ('2027-03-26', 'Good Friday'),
  ('2027-03-29', 'Easter Monday'),
  ('2027-04-25', 'Anzac Day'),
  ('2027-12-25', 'Christmas Day'),
  ('2027-12-26', 'Boxing Day'),
  ('2027-12-27', 'Christmas Day (observed)'),
  ('2027-12-28', 'Boxing Day (observed)'),
  ('2028-01-01', 'New Year''s Day'),
  ('2028-01-03', 'New Year''s Day (observed)'),
  ('2028-01-26', 'Australia Day'),
  ('2028-04-14', 'Good Friday'),
  ('2028-04-17', 'Easter Monday'),
  ('2028-04-25', 'Anzac Day'),
  ('2028-12-25', 'Christmas Day'),
  ('2028-12-26', 'Boxing Day'),
  ('2029-01-01', 'New Year''s Day'),
  ('2029-01-26', 'Australia Day'),
  ('2029-03-30', 'Good Friday'),
  ('2029-04-02', 'Easter Monday'),
  ('2029-04-25', 'Anzac Day'),
  ('2029-12-25', 'Christmas Day'),
  ('2029-12-26', 'Boxing Day'),
  ('2030-01-01', 'New Year''s Day'),
  ('2030-01-26', 'Australia Day'),
  ('2030-01-28', 'Australia Day (observed)'),
  ('2030-04-19', 'Good Friday'),
  ('2030-04-22', 'Easter Monday'),
  ('2030-04-25', 'Anzac Day'),
  ('2030-12-25', 'Christmas Day'),
  ('2030-12-26', 'Boxing Day'),
  ('2031-01-01', 'New Year''s Day'),
  ('2031-01-26', 'Australia Day'),
  ('2031-01-27', 'Australia Day (observed)'),
  ('2031-04-11', 'Good Friday'),
  ('2031-04-14', 'Easter Monday'),
  ('2031-04-25', 'Anzac Day'),
  ('2031-12-25', 'Christmas Day'),
  ('2031-12-26', 'Boxing Day'),
  ('2032-01-01', 'New Year''s Day'),
  ('2032-01-26', 'Australia Day'),
  ('2032-03-26', 'Good Friday'),
  ('2032-03-29', 'Easter Monday'),
  ('2032-04-25', 'Anzac Day'),
  ('2032-12-25', 'Christmas Day'),
  ('2032-12-26', 'Boxing Day'),
  ('2032-12-27', 'Christmas Day (observed)'),
  ('2032-12-28', 'Boxing Day (observed)'),
  ('2033-01-01', 'New Year''s Day'),
  ('2033-01-03', 'New Year''s Day (observed)'),
  ('2033-01-26', 'Australia Day'),
  ('2033-04-15', 'Good Friday'),
  ('2033-04-18', 'Easter Monday'),
  ('2033-04-25', 'Anzac Day'),
  ('2033-12-25', 'Christmas Day'),
  ('2033-12-26', 'Boxing Day'),
  ('2033-12-27', 'Christmas Day (observed)'),
  ('2034-01-01', 'New Year''s Day'),
  ('2034-01-02', 'New Year''s Day (observed)'),
  ('2034-01-26', 'Australia Day'),
  ('2034-04-07', 'Good Friday'),
  ('2034-04-10', 'Easter Monday'),
  ('2034-04-25', 'Anzac Day'),
  ('2034-12-25', 'Christmas Day'),
  ('2034-12-26', 'Boxing Day'),
  ('2035-01-01', 'New Year''s Day'),
  ('2035-01-26', 'Australia Day'),
  ('2035-03-23', 'Good Friday'),
  ('2035-03-26', 'Easter Monday'),
  ('2035-04-25', 'Anzac Day'),
  ('2035-12-25', 'Christmas Day'),
  ('2035-12-26', 'Boxing Day');

-- The date `days` business days after `start` (weekends and public holidays skipped; `start`
-- itself does not count). The one home of the rule: actions call it, the UI shows its answer.
create or replace function public.add_business_days(start date, days integer)
returns date
language sql stable as $$
  select d::date
    from generate_series(start + 1, start + 30 + days * 2, interval '1 day') as d
   where extract(isodow from d) < 6
     and not exists (select 1 from public.public_holidays h where h.day = d::date)
   order by d
  offset greatest(days, 1) - 1
   limit 1
$$;
comment on function public.add_business_days(date, integer) is
  'The date a number of business days (weekdays that are not public holidays) after a start date.';

create trigger public_holidays_audit after insert or update or delete on public.public_holidays
  for each row execute function public.audit_row('day');
