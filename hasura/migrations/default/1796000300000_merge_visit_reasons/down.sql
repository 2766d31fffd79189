-- Back to two columns: the choice in `reason`, the words in `reason_for_visit` (a reason kept from
-- free words goes back to being words only).
alter table public.survey_visits rename constraint survey_visits_reason_for_visit_fkey to survey_visits_reason_fkey;
alter table public.survey_visits rename column reason_for_visit to reason;
comment on column public.survey_visits.reason is null;
alter table public.survey_visits add column reason_for_visit text;
update public.survey_visits v
   set reason_for_visit = r.comment, reason = null
  from public.visit_reason r
 where r.value = v.reason and r.value like 'LEGACY\_%';
delete from public.visit_reason where value like 'LEGACY\_%';
alter table public.survey_visits add constraint survey_visits_reason_for_visit_control_characters
  check (reason_for_visit !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]');
