drop trigger surveyor_conflicts_audit on public.surveyor_conflicts;
alter table public.survey_visitors
  drop constraint survey_visitors_decline_has_reason,
  drop column decline_reason,
  drop column responded_at,
  drop column offered_by_id,
  drop column offered_at;
drop function public.surveyor_conflict_reason(integer, integer);
drop table public.surveyor_conflicts;
alter table public.surveyor_profiles drop column is_gp;
alter table public.survey_visits drop column reason;
drop table public.visit_reason;
