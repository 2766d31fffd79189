-- The demo's editions, once every seed has written their standards: published (their standards
-- never change again, docs/editions.md) and GPS-6 the current edition new cycles use.
update public.survey_versions
   set status = 'PUBLISHED', published_at = timestamptz '2024-11-15 09:00+10'
 where id = 1 and status = 'DRAFT';
update public.survey_versions set is_current = true where id = 1 and not is_current;
