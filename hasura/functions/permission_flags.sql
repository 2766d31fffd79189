CREATE OR REPLACE FUNCTION public.permission_flags(is_pm boolean, is_su boolean, is_visitor boolean, back_office_role text)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- PERMISSION_FLAG_TABLE, row for row: grant(practice manager, surveyor, qam, provider admin).
  -- A surveyor holds changeSurveyInProgress only as a visitor on the visit in question.
  select jsonb_object_agg(grp, flags)
    from (
      select grp, jsonb_object_agg(flag,
               (is_pm and pm)
               or (is_su and su and (is_visitor or flag <> 'changeSurveyInProgress'))
               or (back_office_role is not distinct from 'qam' and qam)
               or (back_office_role is not distinct from 'provider_admin' and pa)) as flags
        from (values
          ('assessment', 'changeSelfAssessmentUnderReview', false, false, true, true),
          ('assessment', 'changeSelfAssessmentComplete', false, false, true, true),
          ('assessment', 'changeSurveyInProgress', false, true, true, true),
          ('assessment', 'changeSurveyUnderReview', false, false, true, true),
          ('assessment', 'viewSurveyUnderReview', false, true, true, true),
          ('assessment', 'changeActionPlan', false, true, true, true),
          ('assessment', 'changeOtherSurveyorSummary', false, false, true, true),
          ('assessment', 'certifySurvey', false, false, false, true),
          ('indicatorResponse', 'addActivityToSurveyActionPlan', true, true, true, true),
          ('practiceStaff', 'viewStaff', true, true, true, true),
          ('practiceStaff', 'changeStaff', true, false, true, true),
          ('practiceStaff', 'verifyStaff', false, true, true, true),
          ('practiceStaff', 'inviteStaff', true, false, true, true),
          ('practice', 'changePractice', true, false, true, true)
        ) as t(grp, flag, pm, su, qam, pa)
       group by grp) g
$function$;
comment on function permission_flags(boolean,boolean,boolean,text) is 'The flag table (domain PERMISSION_FLAG_TABLE): the flags of a user with these kinds of access, as {group: {flag: bool}}.';
