drop function public.survey_version_indicator_count(public.survey_versions);
drop table public.indicator_resources;
drop table public.checklist_items;
drop table public.checklists;
drop table public.indicators;
drop table public.indicator_sets;
