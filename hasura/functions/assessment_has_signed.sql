CREATE OR REPLACE FUNCTION public.assessment_has_signed(a assessments, hasura_session json)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select exists (select 1 from public.confidentiality_signs cs
                  where cs.assessment_id = a.id
                    and cs.user_id = nullif(hasura_session ->> 'x-hasura-user-id', '')::integer)
$function$;
comment on function assessment_has_signed(assessments,json) is 'Has the session''s user signed the assessment''s confidentiality agreement?';
