CREATE OR REPLACE FUNCTION public.can_change_assessment(a_type text, a_status text, flags jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case
    when a_type = 'PRESURVEY' then case a_status
      when 'IN_PROGRESS' then public.flag(flags, 'practice.changePractice')
      when 'COMPLETED' then public.flag(flags, 'practice.changePractice')
      when 'UNDER_REVIEW' then public.flag(flags, 'assessment.changeSelfAssessmentUnderReview')
      else false end
    else case a_status
      when 'IN_PROGRESS' then public.flag(flags, 'assessment.changeSurveyInProgress')
      when 'PARTIALLY_SUBMITTED' then public.flag(flags, 'assessment.changeSurveyInProgress')
        or public.flag(flags, 'assessment.changeOtherSurveyorSummary')
      when 'UNDER_REVIEW' then public.flag(flags, 'assessment.changeSurveyUnderReview')
      when 'ACTION_REQUIRED' then public.flag(flags, 'assessment.changeActionPlan')
      when 'APPROVED' then public.flag(flags, 'assessment.certifySurvey')
      when 'CERTIFIED' then public.flag(flags, 'practice.changePractice')
      else false end
  end
$function$;
comment on function can_change_assessment(text,text,jsonb) is 'Domain canChangeAssessment.';
