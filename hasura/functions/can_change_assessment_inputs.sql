CREATE OR REPLACE FUNCTION public.can_change_assessment_inputs(a_type text, a_status text, flags jsonb, has_submitted boolean)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case
    when a_type = 'PRESURVEY' then case a_status
      when 'COMPLETED' then public.flag(flags, 'assessment.changeSelfAssessmentComplete')
      else public.can_change_assessment(a_type, a_status, flags) end
    else case a_status
      when 'IN_PROGRESS' then public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted
      when 'PARTIALLY_SUBMITTED' then public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted
      when 'ACTION_REQUIRED' then public.flag(flags, 'assessment.changeActionPlan')
      when 'CERTIFIED' then false
      else public.can_change_assessment(a_type, a_status, flags) end
  end
$function$;
comment on function can_change_assessment_inputs(text,text,jsonb,boolean) is 'Domain canChangeAssessmentInputs.';
