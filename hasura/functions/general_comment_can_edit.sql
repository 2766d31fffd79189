CREATE OR REPLACE FUNCTION public.general_comment_can_edit(g general_comments, hasura_session json)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select public.can_write_surveyor_summary(a.type, a.status, public.assessment_flags(x), x.has_submitted,
           g.user_id = nullif(hasura_session ->> 'x-hasura-user-id', '')::integer,
           public.assessment_has_signed(a, hasura_session))
    from public.assessments a, public.access_to_assessment(a, hasura_session) x
   where a.id = g.assessment_id
$function$;
comment on function general_comment_can_edit(general_comments,json) is 'Computed field can_edit (rules only): the user may change this surveyor summary (canWriteSurveyorSummary).';
