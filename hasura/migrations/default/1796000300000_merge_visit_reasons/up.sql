-- One field, one meaning (spec 000 §3): a visit's reason is `reason_for_visit`, a value of the
-- survey_visit.reason choice list (`visit_reason`), shown as its label. Planning used to write its
-- choice to `reason` and leave `reason_for_visit` (free words, which the practice's confirmation
-- page and form read) empty. The two merge here, keeping every visit's words:
-- - words that name a reason of the list (its value or its label) become that reason;
-- - other words become a reason of their own, `LEGACY_<visit id>`, which the Create visit form
--   never offers (docs/decisions/survey-planning.md); on a visit that has a reason of the list as
--   well, its label and the words ("{label}: {words}").

update public.survey_visits v
   set reason = r.value
  from public.visit_reason r
 where v.reason is null
   and (btrim(v.reason_for_visit) = r.value or lower(btrim(v.reason_for_visit)) = lower(r.comment));

insert into public.visit_reason (value, comment)
select 'LEGACY_' || v.id,
       case when r.comment is null then btrim(v.reason_for_visit)
            else r.comment || ': ' || btrim(v.reason_for_visit) end
  from public.survey_visits v
  left join public.visit_reason r on r.value = v.reason
 where btrim(coalesce(v.reason_for_visit, '')) <> ''
   and (r.value is null
        or (btrim(v.reason_for_visit) <> r.value and lower(btrim(v.reason_for_visit)) <> lower(r.comment)));

update public.survey_visits v
   set reason = 'LEGACY_' || v.id
 where exists (select 1 from public.visit_reason r where r.value = 'LEGACY_' || v.id);

alter table public.survey_visits drop constraint if exists survey_visits_reason_for_visit_control_characters;
alter table public.survey_visits drop column reason_for_visit;
alter table public.survey_visits rename column reason to reason_for_visit;
alter table public.survey_visits rename constraint survey_visits_reason_fkey to survey_visits_reason_for_visit_fkey;
comment on column public.survey_visits.reason_for_visit is
  'Why the visit is made: a value of visit_reason (the survey_visit.reason choice list), shown as its label.';
