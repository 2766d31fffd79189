CREATE OR REPLACE FUNCTION public.assessments_take_cycle_edition()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  if new.survey_version_id is null then
    new.survey_version_id := (select survey_version_id from public.accreditations where id = new.accreditation_id);
  end if;
  return new;
end
$function$;
