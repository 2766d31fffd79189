CREATE OR REPLACE FUNCTION public.add_business_days(start date, days integer)
 RETURNS date
 LANGUAGE sql
 STABLE
AS $function$
  select d::date
    from generate_series(start + 1, start + 30 + days * 2, interval '1 day') as d
   where extract(isodow from d) < 6
     and not exists (select 1 from public.public_holidays h where h.day = d::date)
   order by d
  offset greatest(days, 1) - 1
   limit 1
$function$;
comment on function add_business_days(date,integer) is 'The date a number of business days (weekdays that are not public holidays) after a start date.';
