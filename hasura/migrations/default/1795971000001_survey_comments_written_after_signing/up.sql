-- Nor a comment or a summary written before signing (issue 28): a surveyor who had not signed the
-- confidentiality agreement of a survey in progress read none of its comments and summaries
-- (survey_findings_after_signing) but could still add and edit them through GraphQL. Writing them
-- now asks the findings' read rule too, as writing responses does
-- (survey_findings_written_after_signing): one cannot write over what one may not read.
--
-- can_write_assessment_comments and can_write_surveyor_summary are the twins of the domain's
-- canWriteAssessmentComments and canWriteSurveyorSummary (compared over every input by
-- hasura/tests/permissions/predicates.test.ts). The computed fields the comments' and summaries'
-- rules already ask apply them with whether the session's user has signed: can_change of
-- assessments (insert and update of comments), can_write_own_summary of assessments (insert of a
-- summary) and can_edit of general_comments (update of a summary). The back office, which reviews
-- every survey without signing, writes as before.

create function public.can_write_assessment_comments(a_type text, a_status text, flags jsonb, has_signed boolean)
returns boolean language sql immutable as $$
  select public.can_change_assessment(a_type, a_status, flags)
     and public.can_read_assessment_findings(a_type, a_status, flags, has_signed)
$$;
comment on function public.can_write_assessment_comments(text, text, jsonb, boolean) is
  'Domain canWriteAssessmentComments.';

create function public.can_write_surveyor_summary(
  a_type text, a_status text, flags jsonb, has_submitted boolean, is_author boolean, has_signed boolean
) returns boolean language sql immutable as $$
  select a_type = 'SURVEY_VISIT'
     and public.can_edit_surveyor_summary(a_status, flags, has_submitted, is_author)
     and public.can_read_assessment_findings(a_type, a_status, flags, has_signed)
$$;
comment on function public.can_write_surveyor_summary(text, text, jsonb, boolean, boolean, boolean) is
  'Domain canWriteSurveyorSummary.';

create or replace function public.assessment_can_change(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select public.can_write_assessment_comments(a.type, a.status, public.assessment_flags(x),
           public.assessment_has_signed(a, hasura_session))
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_change(public.assessments, json) is
  'Computed field can_change (rules only): comments may be written (canWriteAssessmentComments: after signing while a survey is in progress).';

create or replace function public.assessment_can_write_own_summary(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select public.can_write_surveyor_summary(a.type, a.status, public.assessment_flags(x), x.has_submitted, true,
           public.assessment_has_signed(a, hasura_session))
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_write_own_summary(public.assessments, json) is
  'Computed field can_write_own_summary (rules only): the user may write a surveyor summary of their own (canWriteSurveyorSummary).';

create or replace function public.general_comment_can_edit(g public.general_comments, hasura_session json)
returns boolean language sql stable as $$
  select public.can_write_surveyor_summary(a.type, a.status, public.assessment_flags(x), x.has_submitted,
           g.user_id = nullif(hasura_session ->> 'x-hasura-user-id', '')::integer,
           public.assessment_has_signed(a, hasura_session))
    from public.assessments a, public.access_to_assessment(a, hasura_session) x
   where a.id = g.assessment_id
$$;
comment on function public.general_comment_can_edit(public.general_comments, json) is
  'Computed field can_edit (rules only): the user may change this surveyor summary (canWriteSurveyorSummary).';
