create or replace function public.general_comment_can_edit(g public.general_comments, hasura_session json)
returns boolean language sql stable as $$
  select a.type = 'SURVEY_VISIT'
     and public.can_edit_surveyor_summary(a.status, public.assessment_flags(x), x.has_submitted,
           g.user_id = nullif(hasura_session ->> 'x-hasura-user-id', '')::integer)
    from public.assessments a, public.access_to_assessment(a, hasura_session) x
   where a.id = g.assessment_id
$$;
comment on function public.general_comment_can_edit(public.general_comments, json) is
  'Computed field can_edit (rules only): the user may change this surveyor summary (canEditSurveyorSummary).';

create or replace function public.assessment_can_write_own_summary(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select a.type = 'SURVEY_VISIT'
     and public.can_edit_surveyor_summary(a.status, public.assessment_flags(x), x.has_submitted, true)
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_write_own_summary(public.assessments, json) is
  'Computed field can_write_own_summary (rules only): the user may write a surveyor summary of their own.';

create or replace function public.assessment_can_change(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select public.can_change_assessment(a.type, a.status, public.assessment_flags(x))
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_change(public.assessments, json) is
  'Computed field can_change (rules only): comments may be written (canChangeAssessment).';

drop function public.can_write_surveyor_summary(text, text, jsonb, boolean, boolean, boolean);
drop function public.can_write_assessment_comments(text, text, jsonb, boolean);
