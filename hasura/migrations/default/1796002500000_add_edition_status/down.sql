drop trigger survey_versions_rules on public.survey_versions;
drop function public.check_edition_change();
drop trigger checklist_items_only_in_drafts on public.checklist_items;
drop trigger checklists_only_in_drafts on public.checklists;
drop trigger indicators_only_in_drafts on public.indicators;
drop trigger indicator_sets_only_in_drafts on public.indicator_sets;
drop function public.refuse_change_to_published_standards();
drop function public.edition_of_standards_row(text, integer);
alter table public.survey_versions
  drop constraint survey_versions_published_at,
  drop constraint survey_versions_current_is_published,
  drop column retired_at,
  drop column published_at,
  drop column status;
drop table public.edition_status;
