drop function public.survey_visit_can_read(public.survey_visits, json);
