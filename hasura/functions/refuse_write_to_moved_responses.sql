CREATE OR REPLACE FUNCTION public.refuse_write_to_moved_responses()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  moved_to integer;
begin
  if tg_op = 'INSERT' then
    select min(x.moved_to_assessment_id) into moved_to from (
      select a.moved_to_assessment_id from public.assessments a
       where a.id in (select assessment_id from changed) order by a.id for key share) x;
  elsif tg_op = 'UPDATE' then
    select min(x.moved_to_assessment_id) into moved_to from (
      select a.moved_to_assessment_id from public.assessments a
       where a.id in (select assessment_id from changed union select assessment_id from changed_old)
       order by a.id for key share) x;
  else
    select min(x.moved_to_assessment_id) into moved_to from (
      select a.moved_to_assessment_id from public.assessments a
       where a.id in (select assessment_id from changed_old) order by a.id for key share) x;
  end if;
  if moved_to is not null then
    raise exception 'This assessment was moved to a newer edition and is read-only: make the change in assessment % instead.', moved_to
      using errcode = 'check_violation', constraint = 'assessment_moved';
  end if;
  return null;
end
$function$;
