CREATE OR REPLACE FUNCTION public.risk_rating_for(likelihood text, impact text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$
  select case likelihood
    when 'HIGH' then case impact when 'LOW' then 'MODERATE' when 'MODERATE' then 'HIGH' when 'HIGH' then 'CRITICAL' end
    when 'MODERATE' then case impact when 'LOW' then 'LOW' when 'MODERATE' then 'MODERATE' when 'HIGH' then 'HIGH' end
    when 'LOW' then case impact when 'LOW' then 'LOW' when 'MODERATE' then 'LOW' when 'HIGH' then 'MODERATE' end
  end
$function$;
comment on function risk_rating_for(text,text) is 'Risk matrix: likelihood x impact -> rating.';
