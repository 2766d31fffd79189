CREATE OR REPLACE FUNCTION public.refuse_write_to_moved_assessment()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  assessment integer;
  moved_to integer;
  row_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  row_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  response integer;
begin
  if tg_table_name in ('comments', 'documents') then
    response := coalesce((row_new ->> 'indicator_response_id')::integer, (row_old ->> 'indicator_response_id')::integer);
    if tg_table_name = 'documents' then
      response := (row_new ->> 'indicator_response_id')::integer;
    end if;
    assessment := (select r.assessment_id from public.indicator_responses r where r.id = response);
  else
    assessment := coalesce((row_new ->> 'assessment_id')::integer, (row_old ->> 'assessment_id')::integer);
  end if;
  if assessment is null then
    return coalesce(new, old);
  end if;
  select a.moved_to_assessment_id into moved_to from public.assessments a where a.id = assessment for key share;
  if moved_to is not null then
    raise exception 'This assessment was moved to a newer edition and is read-only: make the change in assessment % instead.', moved_to
      using errcode = 'check_violation', constraint = 'assessment_moved';
  end if;
  return coalesce(new, old);
end
$function$;
