CREATE OR REPLACE FUNCTION public.is_assessment_locked(a_type text, a_status text, flags jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case
    when a_type = 'PRESURVEY' then a_status = 'UNDER_REVIEW'
      and not public.flag(flags, 'assessment.changeSelfAssessmentUnderReview')
    when a_status = 'UNDER_REVIEW' then not public.flag(flags, 'assessment.viewSurveyUnderReview')
    when a_status in ('IN_PROGRESS', 'PARTIALLY_SUBMITTED') then not public.flag(flags, 'assessment.changeSurveyInProgress')
    else false
  end
$function$;
comment on function is_assessment_locked(text,text,jsonb) is 'Domain isAssessmentLocked.';
