CREATE OR REPLACE FUNCTION public.refuse_change_to_moved_assessment()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  if old.moved_to_assessment_id is not null and new.moved_to_assessment_id is not null then
    raise exception 'This assessment was moved to a newer edition and is read-only: make the change in assessment % instead.', old.moved_to_assessment_id
      using errcode = 'check_violation', constraint = 'assessment_moved';
  end if;
  return new;
end
$function$;
