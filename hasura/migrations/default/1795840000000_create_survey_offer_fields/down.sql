drop function public.surveyor_conflict_subject_suburb(public.surveyor_conflicts);
drop function public.surveyor_conflict_subject_name(public.surveyor_conflicts);
drop function public.survey_visitor_practice_suburb(public.survey_visitors);
drop function public.survey_visitor_practice_name(public.survey_visitors);
