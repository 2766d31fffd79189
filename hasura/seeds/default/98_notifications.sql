-- The notification centre's demo (docs/decisions/notifications.md): surveyor2@demo.test's bell
-- counts two unread, Harbourside's offer and Riverbend's preferred days (their rows of
-- 90_survey_offers.sql), and keeps Riverbend's offer read; each opens its screen. Titles as the
-- actions service writes them (offer-survey-visit.ts, request-preferred-days.ts).

insert into public.notifications (id, user_id, kind, title, link, created_at, read_at)
overriding system value
select n.id, 4, n.kind, n.title_prefix || o.name || s.title_suffix, n.link, n.created_at, n.read_at
  from (values
    (1, 'SURVEY_OFFER', 'Survey offer: ', '', 2, '/SurveyVisits/Offers',
     now() - interval '6 days', now() - interval '5 days'),
    (2, 'PREFERRED_DAYS_REQUESTED', 'Preferred days requested: ', 'month', 2, '/SurveyVisits/2/PreferredDays',
     now() - interval '6 days' + interval '1 minute', null),
    (3, 'SURVEY_OFFER', 'Survey offer: ', '', 1, '/SurveyVisits/Offers',
     now() - interval '2 days', null)
  ) as n(id, kind, title_prefix, suffix_kind, visit_id, link, created_at, read_at)
  join public.survey_visits v on v.id = n.visit_id
  join public.accreditations a on a.id = v.accreditation_id
  join public.organisations o on o.id = a.practice_id
  cross join lateral (
    select case when n.suffix_kind = 'month' then ', ' || to_char(v.due, 'FMMonth YYYY') else '' end as title_suffix
  ) s
on conflict do nothing;

select setval(pg_get_serial_sequence('public.notifications', 'id'), greatest((select max(id) from public.notifications), 1));
