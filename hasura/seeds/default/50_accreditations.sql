-- Accreditation cycles, survey visits and their surveyors, preferred days and renewals.
-- Every date is relative to public.portal_today() so each practice stays in the state it demonstrates
-- whenever the seeds run (see the table in 40_practices.sql). The trigger on accreditations keeps
-- practices.current_accreditation_id on the latest (by created_at) non-archived cycle.

insert into public.accreditations
  (id, practice_id, status, survey_version_id, qam_id, application_date, accreditation_decision_date,
   self_assessment_due, survey_visit_due, expiry_date, ext_date, swpe, is_first_view,
   nominated_accreditation_contact_id, nominated_gp_contact_id, nominated_nurse_contact_id,
   nominated_support_contact_id, created_at)
overriding system value values
  -- Previous cycles, created years ago so they are not current.
  (11, 8, 'CLOSED', 1, 2, public.portal_today() - 1350, public.portal_today() - 1125, public.portal_today() - 1290, public.portal_today() - 1170,
   public.portal_today() - 30, null, 9100.00, false, 29, 30, 31, 32, now() - interval '1350 days'),
  -- 1 Harbourside: first accreditation, cycle open, self assessment due in 45 days.
  (1, 1, 'OPEN', 1, 2, public.portal_today() - 60, null, public.portal_today() + 45, public.portal_today() + 150, null, null, 4931.50, false, 1, 2, 3, 4,
   now() - interval '60 days'),
  -- 2 Riverbend: cycle open, self assessment done, surveyors asked for preferred days.
  (2, 2, 'OPEN', 1, 2, public.portal_today() - 220, null, public.portal_today() - 40, public.portal_today() + 75, public.portal_today() + 400, null, 5663.00,
   false, 5, 6, 7, 8, now() - interval '220 days'),
  -- 3 Southern Cross: accredited, expires in 150 days, renewal due.
  (3, 3, 'CLOSED', 1, 2, public.portal_today() - 1100, public.portal_today() - 945, public.portal_today() - 1050, public.portal_today() - 990,
   public.portal_today() + 150, null, 6394.50, false, 9, 10, 11, 12, now() - interval '1100 days'),
  -- 4 Bayview: accredited, expires in 80 days, renewal awaiting payment.
  (4, 4, 'CLOSED', 1, 2, public.portal_today() - 1150, public.portal_today() - 1015, public.portal_today() - 1090, public.portal_today() - 1040,
   public.portal_today() + 80, null, 7126.00, false, 13, 14, 15, 16, now() - interval '1150 days'),
  -- 5 Wattle Grove: open renewal cycle, survey visit done, assessment under review.
  (5, 5, 'OPEN', 1, 2, public.portal_today() - 180, null, public.portal_today() - 90, public.portal_today() - 10, public.portal_today() + 250, null, 7857.50,
   false, 17, 18, 19, 20, now() - interval '180 days'),
  -- 6 Red Centre: open cycle, survey assessment in action required.
  (6, 6, 'OPEN', 1, 2, public.portal_today() - 200, null, public.portal_today() - 110, public.portal_today() - 40, public.portal_today() + 330, null, 8589.00,
   false, 21, 22, 23, 24, now() - interval '200 days'),
  -- 7 Derwent Valley: open cycle, survey assessment approved, waiting for the certificate.
  (7, 7, 'OPEN', 1, 2, public.portal_today() - 240, null, public.portal_today() - 150, public.portal_today() - 60, public.portal_today() + 200, null, 9320.50,
   false, 25, 26, 27, 28, now() - interval '240 days'),
  -- 8 Capital Hill: certified 30 days ago for three years.
  (8, 8, 'CLOSED', 1, 2, public.portal_today() - 250, public.portal_today() - 30, public.portal_today() - 160, public.portal_today() - 75,
   (public.portal_today() - 30 + interval '3 years')::date, null, 10052.00, false, 29, 30, 31, 32, now() - interval '250 days'),
  -- 9 Lakeside: new application, payment pending.
  (9, 9, 'OPEN', 1, 2, public.portal_today() - 7, null, null, null, null, null, null, true, 33, 34, 35, 36, now() - interval '7 days'),
  -- 10 Hinterland: expired 20 days ago but extended for 100 more days.
  (10, 10, 'CLOSED', 1, 2, public.portal_today() - 1200, public.portal_today() - 1115, public.portal_today() - 1160, public.portal_today() - 1130,
   public.portal_today() - 20, public.portal_today() + 100, 11514.50, false, 37, 38, 39, 40, now() - interval '1200 days')
on conflict do nothing;

insert into public.survey_visits
  (id, accreditation_id, type, status, date, due, start_time, end_time, reason_for_visit, confirmation_form_status,
   date_preferred_days_notif_sent, created_at)
overriding system value values
  -- Survey planning's demo visits: Harbourside's to offer, Riverbend's with the surveyors' days. A
  -- visit is due on the last day of its month (docs/decisions/survey-planning.md).
  (1, 1, 'ACCREDITATION', 'PLANNING', null, (date_trunc('month', public.portal_today() + 150) + interval '1 month - 1 day')::date,
   null, null, null, 'NOT_SENT', null, now() - interval '60 days'),
  (2, 2, 'ACCREDITATION', 'PREFERRED_DAYS_REQ', null, (date_trunc('month', public.portal_today() + 75) + interval '1 month - 1 day')::date,
   null, null, null, 'NOT_SENT', now() - interval '5 days', now() - interval '200 days'),
  (3, 5, 'ACCREDITATION', 'FINAL', public.portal_today() - 12, public.portal_today() - 10, '08:30', '16:30', null, 'RECEIVED', now() - interval '70 days',
   now() - interval '170 days'),
  (4, 6, 'ACCREDITATION', 'FINAL', public.portal_today() - 40, public.portal_today() - 40, '09:00', '17:00', null, 'RECEIVED', now() - interval '100 days',
   now() - interval '190 days'),
  (5, 7, 'ACCREDITATION', 'FINAL', public.portal_today() - 60, public.portal_today() - 60, '08:00', '15:30', null, 'RECEIVED', now() - interval '120 days',
   now() - interval '230 days'),
  (6, 8, 'ACCREDITATION', 'FINAL', public.portal_today() - 75, public.portal_today() - 75, '08:30', '17:00', null, 'RECEIVED', now() - interval '130 days',
   now() - interval '240 days'),
  (7, 3, 'ACCREDITATION', 'FINAL', public.portal_today() - 990, public.portal_today() - 990, '09:00', '16:00', null, 'RECEIVED', null, now() - interval '1090 days'),
  (8, 4, 'ACCREDITATION', 'FINAL', public.portal_today() - 1040, public.portal_today() - 1040, '09:00', '16:00', null, 'RECEIVED', null, now() - interval '1140 days'),
  (9, 10, 'SURVEILLANCE', 'DRAFT', null, public.portal_today() + 40, null, null, 'FOLLOW_UP', 'SENT', null,
   now() - interval '15 days'),
  (10, 11, 'ACCREDITATION', 'FINAL', public.portal_today() - 1170, public.portal_today() - 1170, '08:30', '16:30', null, 'RECEIVED', null,
   now() - interval '1340 days')
on conflict do nothing;

insert into public.survey_visitors
  (id, survey_visit_id, user_id, status, is_lead, actual_start_time, actual_end_time, hours_worked_before_visit,
   hours_worked_after_visit, hours_worked_confirmed, created_at)
overriding system value values
  (1, 2, 3, 'ACCEPTED', true, null, null, null, null, false, now() - interval '6 days'),
  (2, 2, 5, 'OFFERED', false, null, null, null, null, false, now() - interval '6 days'),
  (3, 3, 3, 'ACCEPTED', true, '08:25', '16:40', 3.5, 2.0, true, now() - interval '60 days'),
  (4, 3, 4, 'ACCEPTED', false, '08:30', '16:30', 2.0, 1.5, true, now() - interval '60 days'),
  (5, 4, 5, 'ACCEPTED', true, '08:50', '17:15', 4.0, 2.5, true, now() - interval '95 days'),
  (6, 4, 3, 'ACCEPTED', false, '09:00', '17:00', 2.5, 2.0, true, now() - interval '95 days'),
  (7, 5, 4, 'ACCEPTED', true, '08:00', '15:45', 3.0, 2.0, true, now() - interval '115 days'),
  (8, 5, 5, 'ACCEPTED', false, '08:00', '15:30', 2.0, 1.0, true, now() - interval '115 days'),
  (9, 6, 3, 'ACCEPTED', true, '08:30', '17:10', 3.0, 3.0, true, now() - interval '125 days'),
  (10, 6, 5, 'ACCEPTED', false, '08:30', '17:00', 2.0, 2.0, true, now() - interval '125 days'),
  (11, 6, 4, 'DECLINED', false, null, null, null, null, false, now() - interval '128 days'),
  (12, 7, 4, 'ACCEPTED', true, '09:00', '16:00', 2.0, 2.0, true, now() - interval '1000 days'),
  (13, 8, 3, 'ACCEPTED', true, '09:00', '16:00', 2.0, 2.0, true, now() - interval '1050 days'),
  (14, 10, 4, 'ACCEPTED', true, '08:30', '16:30', 2.0, 2.0, true, now() - interval '1180 days')
on conflict do nothing;

-- Surveyor availability for Riverbend's visit (the preference-days-due practice): days of its due
-- month, the requested period, from both surveyors, so planning shows them side by side.
insert into public.preferred_days (id, survey_visit_id, user_id, day, available, reason, created_at) overriding system value values
  (1, 2, 3, date_trunc('month', public.portal_today() + 75)::date + 4, true, null, now() - interval '2 days'),
  (2, 2, 3, date_trunc('month', public.portal_today() + 75)::date + 5, true, null, now() - interval '2 days'),
  (3, 2, 3, date_trunc('month', public.portal_today() + 75)::date + 11, false, 'Surveying in Toowoomba that week', now() - interval '2 days'),
  (4, 2, 3, date_trunc('month', public.portal_today() + 75)::date + 12, true, null, now() - interval '2 days'),
  (5, 2, 5, date_trunc('month', public.portal_today() + 75)::date + 4, false, 'Family commitment', now() - interval '1 day'),
  (6, 2, 5, date_trunc('month', public.portal_today() + 75)::date + 5, true, null, now() - interval '1 day'),
  (7, 2, 5, date_trunc('month', public.portal_today() + 75)::date + 12, true, null, now() - interval '1 day')
on conflict do nothing;

-- Why each demo visit is made (the visit_reason choice list).
update public.survey_visits set reason_for_visit = 'INITIAL_ACCREDITATION' where id = 1 and reason_for_visit is null;
update public.survey_visits set reason_for_visit = 'REACCREDITATION' where id in (2, 3, 4, 5, 6, 7, 8, 10) and reason_for_visit is null;

insert into public.reapplications (id, practice_id, accreditation_id, status, due_date, paid_at, created_at) overriding system value values
  (1, 3, 3, 'DUE', public.portal_today() + 30, null, now() - interval '20 days'),
  (2, 4, 4, 'PAYMENT_PENDING', public.portal_today() + 10, null, now() - interval '35 days'),
  (3, 8, 11, 'COMPLETED', public.portal_today() - 280, now() - interval '265 days', now() - interval '300 days'),
  (4, 5, 5, 'COMPLETED', public.portal_today() - 200, now() - interval '185 days', now() - interval '230 days')
on conflict do nothing;

-- Survey visits being assessed (60_assessments.sql): Capital Hill is surveyed today at its new
-- premises (relocation; surveyor and surveyor2 accepted), Bayview had a surveillance visit six
-- days ago (surveyor has submitted, surveyor3 not yet).
insert into public.survey_visits
  (id, accreditation_id, type, status, date, due, start_time, end_time, reason_for_visit, confirmation_form_status,
   date_preferred_days_notif_sent, created_at)
overriding system value values
  (60, 8, 'RELOCATION', 'FINAL', public.portal_today(), public.portal_today(), '08:30', '16:30', 'RELOCATION', 'RECEIVED', null,
   now() - interval '40 days'),
  (61, 4, 'SURVEILLANCE', 'FINAL', public.portal_today() - 6, public.portal_today() - 6, '09:00', '15:00', 'MID_CYCLE_SURVEILLANCE',
   'RECEIVED', null, now() - interval '50 days')
on conflict do nothing;

insert into public.survey_visitors
  (id, survey_visit_id, user_id, status, is_lead, actual_start_time, actual_end_time, hours_worked_before_visit,
   hours_worked_after_visit, hours_worked_confirmed, created_at)
overriding system value values
  (60, 60, 3, 'ACCEPTED', true, null, null, null, null, false, now() - interval '35 days'),
  (61, 60, 4, 'ACCEPTED', false, null, null, null, null, false, now() - interval '35 days'),
  (62, 61, 3, 'ACCEPTED', true, '09:05', '15:20', 2.5, 1.0, true, now() - interval '45 days'),
  (63, 61, 5, 'ACCEPTED', false, null, null, null, null, false, now() - interval '45 days')
on conflict do nothing;

select setval(pg_get_serial_sequence('public.accreditations', 'id'), (select max(id) from public.accreditations));
select setval(pg_get_serial_sequence('public.survey_visits', 'id'), (select max(id) from public.survey_visits));
select setval(pg_get_serial_sequence('public.survey_visitors', 'id'), (select max(id) from public.survey_visitors));
select setval(pg_get_serial_sequence('public.preferred_days', 'id'), (select max(id) from public.preferred_days));
select setval(pg_get_serial_sequence('public.reapplications', 'id'), (select max(id) from public.reapplications));
