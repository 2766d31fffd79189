-- The older edition, GPS-5, and the transition to GPS-6 (issue 30; docs/decisions/editions.md, "The
-- transition window"). GPS-5 is smaller than GPS-6 and, like it, written for this project: none of
-- its text comes from a published standard. Three practices are mid-cycle on it, each with a self
-- assessment in progress; the mapping GPS-5 -> GPS-6 has a link of every kind. Like GPS-6, GPS-5 is
-- written as a draft here and published by 99_publish_editions.sql, which also makes it the
-- current edition and opens the transition window around today.
--
-- Practice                    state it demonstrates                               PM
-- 11 Banksia Park (NSW)        mid-cycle on GPS-5, self assessment in progress       pm
-- 12 Jacaranda Street (QLD)    mid-cycle on GPS-5, self assessment just started      pm.perth
-- 13 Saltbush Plains (SA)      mid-cycle on GPS-5, self assessment half done         rebecca.tan

insert into public.survey_versions (id, code, name, effective_from, is_current, status, created_at) overriding system value values
  (5, 'GPS-5', 'General Practice Standards, 5th edition (demo)', date '2020-01-01', false, 'DRAFT', timestamptz '2019-11-01 09:00+10')
on conflict do nothing;

insert into public.indicator_sets (id, survey_version_id, name, full_code, type, sort_order) overriding system value values
  (501, 5, 'Core: Communication and patient participation', 'C1', 'STANDARDS', 10),
  (502, 5, 'Core: Practice governance and management', 'C3', 'STANDARDS', 20),
  (503, 5, 'Clinical safety', 'CS', 'STANDARDS', 30)
on conflict do nothing;

insert into public.indicators (id, indicator_set_id, code, name, criterion_code, sort_order, flagged, document_folder_id) overriding system value values
  (501, 501, 'C1.1A', 'Patients are told about the practice''s services, opening hours, after-hours care and fees.', 'C1.1', 10, false, 5),
  (502, 501, 'C1.2A', 'Patients can contact the practice by telephone and electronically, and hear about their results.', 'C1.2', 20, false, 4),
  (503, 501, 'C1.3A', 'Clinicians involve patients in decisions about their care.', 'C1.3', 30, false, 5),
  (504, 502, 'C3.1A', 'The practice has a written business plan.', 'C3.1', 10, false, 4),
  (505, 502, 'C3.1B', 'The roles and responsibilities of owners and managers are written down.', 'C3.1', 20, false, 4),
  (506, 502, 'C3.2A', 'Clinicians are registered, insured and trained in CPR.', 'C3.2', 30, true, 1),
  (507, 502, 'C3.7A', 'A paper appointment book is kept as a backup to the electronic system.', 'C3.7', 40, false, 4),
  (508, 503, 'CS1.1A', 'Pathology and imaging results are tracked until a clinician has acted on them.', 'CS1.1', 10, true, 4),
  (509, 503, 'CS2.1A', 'Vaccines are stored within the recommended temperature range.', 'CS2.1', 20, false, 4)
on conflict do nothing;

insert into public.checklists (id, indicator_id, question_number, question_text) overriding system value values
  (501, 501, 1, 'What does the practice tell patients about itself?'),
  (502, 502, 1, 'How do patients reach the practice?'),
  (503, 503, 1, 'How are decisions shared with patients?'),
  (504, 504, 1, 'How is the business planned?'),
  (505, 505, 1, 'How are responsibilities recorded?'),
  (506, 506, 1, 'What does the practice check for each clinician?'),
  (507, 507, 1, 'How are appointments kept when the computer system is down?'),
  (508, 508, 1, 'How are results followed up?'),
  (509, 509, 1, 'How is the vaccine refrigerator monitored?')
on conflict do nothing;

insert into public.checklist_items (id, checklist_id, item_number, item_text, must_have) overriding system value values
  (501, 501, 1, 'A practice information sheet lists the opening hours and how to book', true),
  (502, 501, 2, 'The sheet explains how to get care after hours', true),
  (503, 501, 3, 'The sheet states the billing policy and usual fees', true),
  (504, 502, 1, 'Urgent calls are put through to a clinician the same day', true),
  (505, 502, 2, 'Emails from patients are answered within two business days', false),
  (506, 503, 1, 'Options and risks of treatment are discussed and noted in the record', true),
  (507, 503, 2, 'Pamphlets are offered for common procedures', false),
  (508, 504, 1, 'A business plan is written and dated', true),
  (509, 505, 1, 'An organisation chart names who is responsible for what', true),
  (510, 506, 1, 'Each clinician''s registration is checked every year', true),
  (511, 506, 2, 'Each clinician has current indemnity insurance', true),
  (512, 506, 3, 'Each clinician completed CPR training in the last three years', true),
  (513, 507, 1, 'A printed day sheet is kept at reception each morning', true),
  (514, 508, 1, 'A clinician reviews and signs off every result', true),
  (515, 508, 2, 'Abnormal results are followed up with the patient', true),
  (516, 509, 1, 'The refrigerator temperature is read and written down twice a day', true),
  (517, 509, 2, 'A data logger records the temperature between readings', false),
  (518, 504, 2, 'The plan is reviewed at least every two years', false),
  (519, 505, 2, 'Staff can say whom to ask about each area of the practice', false),
  (520, 507, 2, 'Reception can see the next day''s bookings without the computer', false)
on conflict do nothing;

-- The mapping to GPS-6: every kind of link. C1.1A splits into GPS-6 C1.1A (information, after
-- hours) and C1.5A (costs); C3.1A and C3.1B merge into GPS-6 C3.1A; C3.7A is retired (a paper
-- backup is no longer asked for); the rest are equivalent. Every other GPS-6 indicator is new.
insert into public.edition_mappings (id, from_version_id, to_version_id, created_at, updated_at) overriding system value values
  (1, 5, 1, timestamptz '2024-11-10 09:00+10', timestamptz '2024-11-10 09:00+10')
on conflict do nothing;

insert into public.edition_indicator_mappings (id, mapping_id, from_indicator_id, kind, to_indicator_id, position) overriding system value values
  (1, 1, 501, 'SPLIT', 1, 1),
  (2, 1, 501, 'SPLIT', 6, 2),
  (3, 1, 502, 'EQUIVALENT', 2, 1),
  (4, 1, 503, 'EQUIVALENT', 3, 1),
  (5, 1, 504, 'MERGED', 13, 1),
  (6, 1, 505, 'MERGED', 13, 1),
  (7, 1, 506, 'EQUIVALENT', 16, 1),
  (8, 1, 507, 'RETIRED', null, 1),
  (9, 1, 508, 'EQUIVALENT', 31, 1),
  (10, 1, 509, 'EQUIVALENT', 33, 1)
on conflict do nothing;

-- Items that carry over (their ticks follow). Items of GPS-5 not listed here keep their ticks in
-- the older assessment only.
insert into public.edition_item_mappings (id, mapping_id, from_item_id, to_item_id) overriding system value values
  (1, 1, 501, 1),   -- hours and booking -> C1.1A 1.1
  (2, 1, 502, 4),   -- after hours -> C1.1A 2.1
  (3, 1, 503, 21),  -- fees -> C1.5A 1.1 (the split's other part)
  (4, 1, 504, 6),   -- urgent calls -> C1.1B 1.1
  (5, 1, 505, 7),   -- emails -> C1.1B 1.2
  (6, 1, 506, 9),   -- options and risks -> C1.2A 1.1
  (7, 1, 507, 10),  -- pamphlets -> C1.2A 1.2
  (8, 1, 508, 41),  -- business plan -> C3.1A 1.2
  (9, 1, 509, 40),  -- responsibilities -> C3.1A 1.1
  (10, 1, 510, 50), -- registration -> C3.3A 1.1
  (11, 1, 511, 51), -- indemnity -> C3.3A 1.2
  (12, 1, 512, 52), -- CPR -> C3.3A 1.3
  (13, 1, 514, 93), -- results signed off -> CS1.1A 1.1
  (14, 1, 515, 94), -- abnormal results -> CS1.1A 1.2
  (15, 1, 516, 99), -- twice-daily readings -> CS2.1A 1.2
  (16, 1, 517, 98)  -- data logger -> CS2.1A 1.1
on conflict do nothing;

-- Three practices mid-cycle on GPS-5.
insert into public.addresses (id, unit, street, address2, suburb, state, postcode, country, lat, lng) overriding system value values
  (501, null, '31 Banksia Street', null, 'Marrickville', 'NSW', '2204', 'AU', -33.911200, 151.155300),
  (502, 'Shop 4', '17 Jacaranda Street', null, 'Toowoomba City', 'QLD', '4350', 'AU', -27.561300, 151.953800),
  (503, null, '2 Saltbush Road', null, 'Port Augusta', 'SA', '5700', 'AU', -32.492900, 137.765900)
on conflict do nothing;

insert into public.organisations (id, name, legal_entity_name, abn, structure, email, billing_email, website, phone, fax, physical_address_id, postal_address_id, billing_address_id, created_at) overriding system value values
  (11, 'Banksia Park Medical Practice', 'Banksia Park Medical Pty Ltd', '63117420985', 'COMPANY', 'reception@banksiapark.demo.test', 'accounts@banksiapark.demo.test', 'https://www.banksiapark.example', '02 9550 3100', null, 501, 501, 501, now() - interval '1500 days'),
  (12, 'Jacaranda Street Clinic', 'Jacaranda Street Clinic Partnership', '40552861937', 'PARTNERSHIP', 'reception@jacaranda.demo.test', 'accounts@jacaranda.demo.test', 'https://www.jacaranda.example', '07 4632 7700', null, 502, 502, 502, now() - interval '1480 days'),
  (13, 'Saltbush Plains Health Service', 'Saltbush Plains Health Inc', '92730184456', 'NOT_FOR_PROFIT', 'reception@saltbush.demo.test', 'accounts@saltbush.demo.test', 'https://www.saltbush.example', '08 8642 5300', null, 503, 503, 503, now() - interval '1460 days')
on conflict do nothing;

insert into public.practices
  (organisation_id, status, active_status, network_id, is_in_practice_network, practice_type, mmm, phn, pip_id,
   meets_gp_definition, is_amds, is_branch, is_first_accreditation, is_receiving_incentives, previous_standard,
   first_application_started_date, initial_swpe, tnc_signed, authorization_signed, is_staff_first_view,
   is_documents_first_view, show_message_after_renewal_payment, doctor_head_count, doctor_max_count,
   nurse_head_count, nurse_max_count, allied_health_head_count, allied_health_max_count, support_staff_head_count,
   support_staff_max_count, created_at)
values
  (11, 'IN_PROGRESS', 'ACTIVE', null, false, 'GENERAL_PRACTICE', 'MM1', 'Central and Eastern Sydney PHN', 'PIP100611', true, false, false, false, true, 'GPS-5', public.portal_today() - 1500, 6120.00, true, true, false, false, false, 4, 6, 2, 3, 0, 1, 3, 4, now() - interval '1500 days'),
  (12, 'IN_PROGRESS', 'ACTIVE', null, false, 'GENERAL_PRACTICE', 'MM3', 'Darling Downs and West Moreton PHN', 'PIP100648', true, false, false, false, true, 'GPS-5', public.portal_today() - 1480, 3980.50, true, true, false, false, false, 2, 3, 1, 2, 0, 1, 2, 3, now() - interval '1480 days'),
  (13, 'IN_PROGRESS', 'ACTIVE', null, false, 'ABORIGINAL_MEDICAL_SERVICE', 'MM5', 'Country SA PHN', 'PIP100685', true, true, false, false, false, 'GPS-5', public.portal_today() - 1460, 2875.00, true, true, false, false, false, 3, 4, 2, 3, 1, 2, 3, 4, now() - interval '1460 days')
on conflict do nothing;

insert into public.practice_users (id, practice_id, user_id, role, active) overriding system value values
  (501, 11, 6, 'PM', true),
  (502, 12, 11, 'PM', true),
  (503, 13, 12, 'PM', true)
on conflict do nothing;

-- Their people: a nominated contact of each kind, a small staff register, a document.
insert into public.contacts (id, practice_id, first_name, last_name, type, user_id, email, phone) overriding system value values
  (501, 11, 'Sarah', 'Mitchell', 'ACCREDITATION', 6, null, '0413 501 200'),
  (502, 11, 'Tomas', 'Novak', 'GP', null, 'tomas.novak@banksiapark.demo.test', '0413 502 201'),
  (503, 11, 'Leah', 'Okafor', 'NURSE', null, 'leah.okafor@banksiapark.demo.test', '0413 503 202'),
  (504, 11, 'Ruby', 'Fitzgerald', 'SUPPORT', null, 'ruby.fitzgerald@banksiapark.demo.test', '0413 504 203'),
  (505, 12, 'Kylie', 'Anderson', 'ACCREDITATION', 11, null, '0414 505 200'),
  (506, 12, 'Hamish', 'Reid', 'GP', null, 'hamish.reid@jacaranda.demo.test', '0414 506 201'),
  (507, 12, 'Priscilla', 'Nguyen', 'NURSE', null, 'priscilla.nguyen@jacaranda.demo.test', '0414 507 202'),
  (508, 12, 'Connor', 'Walsh', 'SUPPORT', null, 'connor.walsh@jacaranda.demo.test', '0414 508 203'),
  (509, 13, 'Rebecca', 'Tan', 'ACCREDITATION', 12, null, '0415 509 200'),
  (510, 13, 'Nyree', 'Campbell', 'GP', null, 'nyree.campbell@saltbush.demo.test', '0415 510 201'),
  (511, 13, 'Joel', 'Stewart', 'NURSE', null, 'joel.stewart@saltbush.demo.test', '0415 511 202'),
  (512, 13, 'Marnie', 'Lawson', 'SUPPORT', null, 'marnie.lawson@saltbush.demo.test', '0415 512 203')
on conflict do nothing;

insert into public.practice_staff
  (id, practice_id, title, first_name, last_name, type, registration_num, employment_type, start_date,
   employment_status, email, vr_status, hours_per_week, fte_band, cpr_expiry, qicpd, qa_cpd_num, active, verified,
   created_at, created_by_id)
overriding system value values
  (501, 11, 'DR', 'Tomas', 'Novak', 'gp', 'MED0001105021', 'OWNER', public.portal_today() - 1400, 'ACTIVE', 'tomas.novak@banksiapark.demo.test', 'VR', 38, 'FTE_75_100', public.portal_today() + 400, 'RACGP', '501021', true, true, now() - interval '1400 days', 6),
  (502, 11, 'DR', 'Amira', 'Haddad', 'gp', 'MED0001105038', 'EMPLOYEE', public.portal_today() - 700, 'ACTIVE', 'amira.haddad@banksiapark.demo.test', 'VR', 24, 'FTE_50_75', public.portal_today() + 220, 'RACGP', '501038', true, true, now() - interval '700 days', 6),
  (503, 11, 'MS', 'Leah', 'Okafor', 'nurse', 'NMW0002105045', 'EMPLOYEE', public.portal_today() - 900, 'ACTIVE', 'leah.okafor@banksiapark.demo.test', null, 30, 'FTE_75_100', public.portal_today() + 300, null, null, true, true, now() - interval '900 days', 6),
  (504, 11, 'MS', 'Ruby', 'Fitzgerald', 'support', null, 'EMPLOYEE', public.portal_today() - 500, 'ACTIVE', 'ruby.fitzgerald@banksiapark.demo.test', null, 38, 'FTE_75_100', public.portal_today() + 150, null, null, true, false, now() - interval '500 days', 6),
  (505, 12, 'DR', 'Hamish', 'Reid', 'gp', 'MED0001105052', 'OWNER', public.portal_today() - 1300, 'ACTIVE', 'hamish.reid@jacaranda.demo.test', 'VR', 40, 'FTE_75_100', public.portal_today() + 500, 'ACRRM', '501052', true, true, now() - interval '1300 days', 11),
  (506, 12, 'DR', 'Ines', 'Moreau', 'gp', 'MED0001105069', 'CONTRACTOR', public.portal_today() - 300, 'ACTIVE', 'ines.moreau@jacaranda.demo.test', 'FELLOWSHIP_PATHWAY', 16, 'FTE_25_50', public.portal_today() + 90, 'RACGP', '501069', true, false, now() - interval '300 days', 11),
  (507, 12, 'MS', 'Priscilla', 'Nguyen', 'nurse', 'NMW0002105076', 'EMPLOYEE', public.portal_today() - 800, 'ACTIVE', 'priscilla.nguyen@jacaranda.demo.test', null, 24, 'FTE_50_75', public.portal_today() + 260, null, null, true, true, now() - interval '800 days', 11),
  (508, 12, 'MR', 'Connor', 'Walsh', 'support', null, 'EMPLOYEE', public.portal_today() - 200, 'ACTIVE', 'connor.walsh@jacaranda.demo.test', null, 30, 'FTE_75_100', public.portal_today() + 330, null, null, true, true, now() - interval '200 days', 11),
  (509, 13, 'DR', 'Nyree', 'Campbell', 'gp', 'MED0001105083', 'EMPLOYEE', public.portal_today() - 1200, 'ACTIVE', 'nyree.campbell@saltbush.demo.test', 'VR', 38, 'FTE_75_100', public.portal_today() + 180, 'RACGP', '501083', true, true, now() - interval '1200 days', 12),
  (510, 13, 'DR', 'Samuel', 'Okoro', 'gp', 'MED0001105090', 'EMPLOYEE', public.portal_today() - 450, 'ACTIVE', 'samuel.okoro@saltbush.demo.test', 'VR', 30, 'FTE_75_100', public.portal_today() + 610, 'ACRRM', '501090', true, true, now() - interval '450 days', 12),
  (511, 13, 'MR', 'Joel', 'Stewart', 'nurse', 'NMW0002105106', 'EMPLOYEE', public.portal_today() - 650, 'ACTIVE', 'joel.stewart@saltbush.demo.test', null, 38, 'FTE_75_100', public.portal_today() + 45, null, null, true, true, now() - interval '650 days', 12),
  (512, 13, 'MS', 'Marnie', 'Lawson', 'support', null, 'EMPLOYEE', public.portal_today() - 350, 'ACTIVE', 'marnie.lawson@saltbush.demo.test', null, 20, 'FTE_50_75', public.portal_today() + 365, null, null, true, false, now() - interval '350 days', 12)
on conflict do nothing;

insert into public.documents (id, practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at, created_at, created_by_id) overriding system value values
  (501, 11, 1, 'CPR certificate Tomas Novak.pdf', 'practices/11/3f6b2a10-5c1e-5d7a-9b3e-1a2b3c4d5e61-cpr-certificate-tomas-novak.pdf', 176402, 'application/pdf', now() - interval '120 days', now() - interval '120 days', 6),
  (502, 12, 1, 'CPR certificate Hamish Reid.pdf', 'practices/12/7a9c4e21-8d2f-5b6e-a1c3-2b3c4d5e6f72-cpr-certificate-hamish-reid.pdf', 181950, 'application/pdf', now() - interval '80 days', now() - interval '80 days', 11),
  (503, 13, 1, 'CPR certificate Nyree Campbell.pdf', 'practices/13/c2d8f6a3-1e4b-5c9d-b2e4-3c4d5e6f7a83-cpr-certificate-nyree-campbell.pdf', 169388, 'application/pdf', now() - interval '100 days', now() - interval '100 days', 12)
on conflict do nothing;

-- Their cycles started on GPS-5 before the window; surveys are due after it closes.
insert into public.accreditations
  (id, practice_id, status, survey_version_id, qam_id, application_date, self_assessment_due, survey_visit_due,
   swpe, is_first_view, nominated_accreditation_contact_id, nominated_gp_contact_id, nominated_nurse_contact_id,
   nominated_support_contact_id, created_at)
overriding system value values
  (501, 11, 'OPEN', 5, 2, public.portal_today() - 150, public.portal_today() + 30, public.portal_today() + 120, 6120.00, false, 501, 502, 503, 504, now() - interval '150 days'),
  (502, 12, 'OPEN', 5, 2, public.portal_today() - 90, public.portal_today() + 75, public.portal_today() + 160, 3980.50, false, 505, 506, 507, 508, now() - interval '90 days'),
  (503, 13, 'OPEN', 5, 2, public.portal_today() - 120, public.portal_today() + 50, public.portal_today() + 140, 2875.00, false, 509, 510, 511, 512, now() - interval '120 days')
on conflict do nothing;

-- Self assessments in progress (they take their cycle's edition, GPS-5).
insert into public.assessments
  (id, accreditation_id, survey_visit_id, type, status, due_date, last_updated_by_id, created_at, updated_at)
overriding system value values
  (501, 501, null, 'PRESURVEY', 'IN_PROGRESS', public.portal_today() + 30, 6, now() - interval '140 days', now() - interval '1 day'),
  (502, 502, null, 'PRESURVEY', 'IN_PROGRESS', public.portal_today() + 75, 11, now() - interval '80 days', now() - interval '6 days'),
  (503, 503, null, 'PRESURVEY', 'IN_PROGRESS', public.portal_today() + 50, 12, now() - interval '110 days', now() - interval '3 days')
on conflict do nothing;

-- Answers (response id = assessment id * 1000 + indicator id): the first `answered` indicators of
-- each assessment marked complete with every item ticked; the next one started (its first item
-- ticked); the rest not yet touched.
insert into public.indicator_responses
  (id, assessment_id, indicator_id, compliance, is_marked_complete, last_updated_by_id, checklists, created_at, updated_at)
overriding system value
select a.id * 1000 + i.id, a.id, i.id, null, i.id - 500 <= a.answered, a.pm,
  (select jsonb_object_agg(c.question_number::text,
            (select jsonb_object_agg(ci.item_number::text, i.id - 500 <= a.answered or ci.item_number = 1)
               from public.checklist_items ci where ci.checklist_id = c.id))
     from public.checklists c where c.indicator_id = i.id),
  now() - interval '30 days' + (i.id - 500) * interval '2 days', now() - interval '30 days' + (i.id - 500) * interval '2 days'
from (values (501, 6, 6), (502, 1, 11), (503, 4, 12)) as a(id, answered, pm)
join public.indicators i on i.indicator_set_id in (501, 502, 503) and i.id - 500 <= a.answered + 1
on conflict do nothing;

update public.indicator_responses r set observation = v.observation
  from (values
    (501504, 'The business plan is due for review next quarter; set a date at the next partners'' meeting.'),
    (501506, 'Keep the CPR certificates with the registration checks so one register shows both.'),
    (503502, 'Publish the usual reply time for emails on the website.')
  ) as v(id, observation)
 where r.id = v.id and r.observation is null;

select setval(pg_get_serial_sequence('public.survey_versions', 'id'), (select max(id) from public.survey_versions));
select setval(pg_get_serial_sequence('public.indicator_sets', 'id'), (select max(id) from public.indicator_sets));
select setval(pg_get_serial_sequence('public.indicators', 'id'), (select max(id) from public.indicators));
select setval(pg_get_serial_sequence('public.checklists', 'id'), (select max(id) from public.checklists));
select setval(pg_get_serial_sequence('public.checklist_items', 'id'), (select max(id) from public.checklist_items));
select setval(pg_get_serial_sequence('public.edition_mappings', 'id'), (select max(id) from public.edition_mappings));
select setval(pg_get_serial_sequence('public.edition_indicator_mappings', 'id'), (select max(id) from public.edition_indicator_mappings));
select setval(pg_get_serial_sequence('public.edition_item_mappings', 'id'), (select max(id) from public.edition_item_mappings));
select setval(pg_get_serial_sequence('public.addresses', 'id'), (select max(id) from public.addresses));
select setval(pg_get_serial_sequence('public.organisations', 'id'), (select max(id) from public.organisations));
select setval(pg_get_serial_sequence('public.practice_users', 'id'), (select max(id) from public.practice_users));
select setval(pg_get_serial_sequence('public.contacts', 'id'), (select max(id) from public.contacts));
select setval(pg_get_serial_sequence('public.practice_staff', 'id'), (select max(id) from public.practice_staff));
select setval(pg_get_serial_sequence('public.documents', 'id'), (select max(id) from public.documents));
select setval(pg_get_serial_sequence('public.accreditations', 'id'), (select max(id) from public.accreditations));
select setval(pg_get_serial_sequence('public.assessments', 'id'), (select max(id) from public.assessments));
select setval(pg_get_serial_sequence('public.indicator_responses', 'id'), (select max(id) from public.indicator_responses));
