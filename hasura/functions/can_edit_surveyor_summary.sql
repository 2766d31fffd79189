CREATE OR REPLACE FUNCTION public.can_edit_surveyor_summary(a_status text, flags jsonb, has_submitted boolean, is_author boolean)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case a_status
    when 'IN_PROGRESS' then (is_author and public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted)
      or public.flag(flags, 'assessment.changeOtherSurveyorSummary')
    when 'PARTIALLY_SUBMITTED' then (is_author and public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted)
      or public.flag(flags, 'assessment.changeOtherSurveyorSummary')
    when 'UNDER_REVIEW' then public.flag(flags, 'assessment.changeOtherSurveyorSummary')
    when 'ACTION_REQUIRED' then (is_author or public.flag(flags, 'assessment.changeOtherSurveyorSummary'))
      and public.flag(flags, 'assessment.changeActionPlan')
    else false
  end
$function$;
comment on function can_edit_surveyor_summary(text,jsonb,boolean,boolean) is 'Domain canEditSurveyorSummary.';
