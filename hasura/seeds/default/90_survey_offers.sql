-- Survey offers and a declared conflict of interest (docs/decisions/survey-offers.md), for the
-- surveyors' side of planning. surveyor@demo.test is offered Harbourside's visit (PLANNING);
-- surveyor2@demo.test is offered Harbourside's and Riverbend's (which asks for preferred days).
-- surveyor3@demo.test declared a conflict with Harbourside, so planning leaves them out of its
-- offers.

update public.survey_visitors set offered_at = created_at, offered_by_id = 2
 where id in (1, 2) and offered_at is null;
update public.survey_visitors set responded_at = created_at + interval '1 day' where id = 1 and responded_at is null;

insert into public.survey_visitors (id, survey_visit_id, user_id, status, is_lead, offered_at, offered_by_id, created_at)
overriding system value values
  (15, 1, 3, 'OFFERED', false, now() - interval '2 days', 2, now() - interval '2 days'),
  (16, 1, 4, 'OFFERED', false, now() - interval '2 days', 2, now() - interval '2 days'),
  (17, 2, 4, 'OFFERED', false, now() - interval '6 days', 2, now() - interval '6 days')
on conflict do nothing;

insert into public.surveyor_conflicts (id, user_id, practice_id, network_id, reason, from_date, to_date, created_at)
overriding system value values
  (1, 5, 1, null, 'Worked there as a locum GP on weekends', public.portal_today() - 700, public.portal_today() - 250, now() - interval '200 days')
on conflict do nothing;

select setval(pg_get_serial_sequence('public.survey_visitors', 'id'), (select max(id) from public.survey_visitors));
select setval(pg_get_serial_sequence('public.surveyor_conflicts', 'id'), (select max(id) from public.surveyor_conflicts));
