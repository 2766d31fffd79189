-- The demo's editions, once every seed has written their standards: published (their standards
-- never change again, docs/editions.md). GPS-5 is the current edition and a transition window to
-- GPS-6 is open around today: it opened 30 days ago and closes in 60 (docs/decisions/editions.md,
-- "The transition window"); the day after it closes the scheduler makes GPS-6 current.
update public.survey_versions
   set status = 'PUBLISHED', published_at = timestamptz '2024-11-15 09:00+10'
 where id = 1 and status = 'DRAFT';
update public.survey_versions
   set status = 'PUBLISHED', published_at = timestamptz '2019-11-20 09:00+10'
 where id = 5 and status = 'DRAFT';

-- Once: the first run (or a database seeded before the window existed) makes GPS-5 current and
-- opens the window; a later run finds the window and leaves everything as it is.
update public.survey_versions set is_current = false
 where is_current and id <> 5 and not exists (select 1 from public.edition_transitions where to_version_id = 1);
update public.survey_versions set is_current = true
 where id = 5 and not is_current and not exists (select 1 from public.edition_transitions where to_version_id = 1);
insert into public.edition_transitions (from_version_id, to_version_id, opens_on, closes_on)
select 5, 1, public.portal_today() - 30, public.portal_today() + 60
 where not exists (select 1 from public.edition_transitions where to_version_id = 1);
