-- Documents in the provider's folders and practices' own folders, some uploaded against indicator
-- responses; one archived, one pending upload (no size yet). Storage keys follow
-- practices/<practice id>/<uuid>-<name>; the objects themselves are not part of the seed.
-- Then the certificates (Harbourside's registration among them), and Lakeside's certificate from
-- its previous provider.

insert into public.documents (id, practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at, indicator_response_id, created_at, created_by_id, archived, archived_at, archived_by_id)
overriding system value
select * from (values
  (101, 1, 4, 'Policy and procedure manual 2025.pdf', 'practices/1/835eed99-98d9-55d4-b097-ed496e3c8b53-policy-and-procedure-manual-2025.pdf', 823819, 'application/pdf', now() - interval '40 days', null, now() - interval '40 days', 7, false, null, null),
  (102, 1, 5, 'New patient information leaflet.pdf', 'practices/1/160cc98b-0d89-518b-ab42-dbbc65008ceb-new-patient-information-leaflet.pdf', 831738, 'application/pdf', now() - interval '35 days', (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 where r.assessment_id = 1 and i.code = 'C1.1A'), now() - interval '35 days', 7, false, null, null),
  (103, 1, 5, 'Patient survey results.xlsx', 'practices/1/9b5eca44-3e66-52b4-b1e2-6d9815851689-patient-survey-results.xlsx', 839657, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', now() - interval '20 days', (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 where r.assessment_id = 1 and i.code = 'C1.4A'), now() - interval '20 days', 7, false, null, null),
  (104, 1, 4, 'Deed of agreement - medical deputising.pdf', 'practices/1/db0d67c8-d32e-519d-9dc4-6e355ff660bd-deed-of-agreement---medical-deputising.pdf', 847576, 'application/pdf', now() - interval '30 days', null, now() - interval '30 days', 7, false, null, null),
  (105, 1, 5, 'Waiting room photo.jpg', 'practices/1/7b391fd2-3e2f-54d0-a3e6-74ac1255d600-waiting-room-photo.jpg', null, null, null, null, now() - interval '1 days', 7, false, null, null),
  (106, 2, 4, 'Infection control policy.docx', 'practices/2/1abaaa1a-cd29-5aa6-8e7d-2199a6fe218c-infection-control-policy.docx', 863414, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', now() - interval '150 days', null, now() - interval '150 days', 6, false, null, null),
  (107, 2, 4, 'Business continuity plan.pdf', 'practices/2/cb6c9b0c-9125-5fba-a435-44f7c66a7ba9-business-continuity-plan.pdf', 871333, 'application/pdf', now() - interval '140 days', null, now() - interval '140 days', 6, false, null, null),
  (108, 2, 3, 'Previous accreditation certificate.pdf', 'practices/2/738151c8-1a38-5c5e-a387-061929e25312-previous-accreditation-certificate.pdf', 879252, 'application/pdf', now() - interval '215 days', null, now() - interval '215 days', 6, false, null, null),
  (109, 2, 5, 'Team meeting minutes March.docx', 'practices/2/22d8d4e4-feeb-557f-b89b-3128e94dc78d-team-meeting-minutes-march.docx', 887171, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', now() - interval '90 days', null, now() - interval '90 days', 6, false, null, null),
  (110, 3, 4, 'Privacy policy.pdf', 'practices/3/40862139-525c-5121-af41-7f2929e78e82-privacy-policy.pdf', 895090, 'application/pdf', now() - interval '1060 days', null, now() - interval '1060 days', 6, false, null, null),
  (111, 3, 3, 'Accreditation certificate 2023.pdf', 'practices/3/b49c418b-4c02-5bd9-a57e-2f35c088f0b4-accreditation-certificate-2023.pdf', 903009, 'application/pdf', now() - interval '940 days', null, now() - interval '940 days', 6, false, null, null),
  (112, 3, 5, 'Fee schedule.pdf', 'practices/3/a429e7b0-1d21-5a1b-8044-61e5cfa38808-fee-schedule.pdf', 910928, 'application/pdf', now() - interval '400 days', null, now() - interval '400 days', 6, false, null, null),
  (113, 4, 4, 'Policy and procedure manual.pdf', 'practices/4/0406de9d-030d-58fc-86e9-27be6914a40a-policy-and-procedure-manual.pdf', 918847, 'application/pdf', now() - interval '1100 days', null, now() - interval '1100 days', 11, false, null, null),
  (114, 4, 5, 'Old fee schedule.pdf', 'practices/4/d7b2a044-3fff-57cb-97da-acba1f75a198-old-fee-schedule.pdf', 926766, 'application/pdf', now() - interval '900 days', null, now() - interval '900 days', 11, true, now() - interval '450 days', 11),
  (115, 5, 2, 'Survey visit agenda.pdf', 'practices/5/9b4aa47b-1f9b-579b-ac4c-639a29a1a14e-survey-visit-agenda.pdf', 934685, 'application/pdf', now() - interval '20 days', null, now() - interval '20 days', 3, false, null, null),
  (116, 5, 6, 'Vaccine fridge log October.pdf', 'practices/5/00b716f2-e538-5df5-8579-d37a907af8fc-vaccine-fridge-log-october.pdf', 942604, 'application/pdf', now() - interval '11 days', (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 where r.assessment_id = 11 and i.code = 'CS2.1A'), now() - interval '11 days', 6, false, null, null),
  (117, 5, 6, 'Vaccine fridge log November.pdf', 'practices/5/0a19dd8f-b8ee-59d0-85e7-1a63f5ddf9b6-vaccine-fridge-log-november.pdf', 950523, 'application/pdf', now() - interval '4 days', (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 where r.assessment_id = 11 and i.code = 'CS2.1A'), now() - interval '4 days', 6, false, null, null),
  (118, 5, 2, 'CPR course booking confirmation.pdf', 'practices/5/ad1869b2-adee-5eda-9874-dc18446443ee-cpr-course-booking-confirmation.pdf', 958442, 'application/pdf', now() - interval '5 days', (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 where r.assessment_id = 11 and i.code = 'C3.3A'), now() - interval '5 days', 6, false, null, null),
  (119, 5, 4, 'Clinical risk register draft.xlsx', 'practices/5/bedbce5d-9386-544c-9dc5-1e484bb24ec3-clinical-risk-register-draft.xlsx', 966361, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', now() - interval '3 days', (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 where r.assessment_id = 11 and i.code = 'QI3.2A'), now() - interval '3 days', 6, false, null, null),
  (120, 6, 7, 'Data logger readings week 1.xlsx', 'practices/6/80cd8d65-33c7-52c4-94b3-e6c17d51590c-data-logger-readings-week-1.xlsx', 974280, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', now() - interval '8 days', (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 where r.assessment_id = 12 and i.code = 'CS2.1A'), now() - interval '8 days', 6, false, null, null),
  (121, 6, 5, 'Reception screen moved.jpg', 'practices/6/2e0b49f6-e599-5437-8469-34bd66ccc800-reception-screen-moved.jpg', 982199, 'image/jpeg', now() - interval '3 days', (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 where r.assessment_id = 12 and i.code = 'C2.2A'), now() - interval '3 days', 6, false, null, null),
  (122, 6, 2, 'Survey visit confirmation form.pdf', 'practices/6/2cff6c25-110b-5916-b363-d8cfdd8557e6-survey-visit-confirmation-form.pdf', 990118, 'application/pdf', now() - interval '50 days', null, now() - interval '50 days', 6, false, null, null),
  (123, 6, 4, 'User access policy.docx', 'practices/6/19506107-710f-5e44-96cd-6c403e11a7de-user-access-policy.docx', 998037, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', now() - interval '30 days', (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 where r.assessment_id = 12 and i.code = 'C3.5A'), now() - interval '30 days', 6, false, null, null),
  (124, 7, 4, 'Business continuity plan v2.pdf', 'practices/7/004eb60c-ba04-50b9-8106-3dcb6af0b0b1-business-continuity-plan-v2.pdf', 1005956, 'application/pdf', now() - interval '29 days', (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 where r.assessment_id = 13 and i.code = 'C3.4A'), now() - interval '29 days', 9, false, null, null),
  (125, 7, 2, 'Sterilisation batch record sample.pdf', 'practices/7/fa782230-a51c-54bc-ad77-75c0e4255bc1-sterilisation-batch-record-sample.pdf', 1013875, 'application/pdf', now() - interval '27 days', (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 where r.assessment_id = 13 and i.code = 'CS3.1A'), now() - interval '27 days', 9, false, null, null),
  (126, 8, 2, 'Allergy recording re-audit.xlsx', 'practices/8/855724cc-a928-5dab-928b-c8d7b19b67e0-allergy-recording-re-audit.xlsx', 1021794, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', now() - interval '63 days', (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 where r.assessment_id = 14 and i.code = 'QI2.1A'), now() - interval '63 days', 6, false, null, null),
  (127, 8, 3, 'Accreditation certificate 2022.pdf', 'practices/8/9f0ee073-21d7-5476-a2ae-be65d1c58287-accreditation-certificate-2022.pdf', 1029713, 'application/pdf', now() - interval '1120 days', null, now() - interval '1120 days', 6, false, null, null),
  (128, 8, 8, 'Scanned fax 2019.png', 'practices/8/daa363d7-8580-5545-afc1-1cd56598d22e-scanned-fax-2019.png', 1037632, 'image/png', now() - interval '2000 days', null, now() - interval '2000 days', 6, false, null, null),
  (129, 9, 3, 'Certificate from previous provider.pdf', 'practices/9/1ce0d3f2-c30d-5c8f-8908-be236541b3a3-certificate-from-previous-provider.pdf', 1045551, 'application/pdf', now() - interval '7 days', null, now() - interval '7 days', 10, false, null, null),
  (130, 9, 5, 'Practice floor plan.pdf', 'practices/9/9e295bcb-b6a7-5d94-ab9a-e2faceadd1df-practice-floor-plan.pdf', 1053470, 'application/pdf', now() - interval '6 days', null, now() - interval '6 days', 10, false, null, null),
  (131, 10, 4, 'Cold chain procedure.pdf', 'practices/10/447e288d-f447-5660-a607-41410f251429-cold-chain-procedure.pdf', 1061389, 'application/pdf', now() - interval '14 days', null, now() - interval '14 days', 6, false, null, null),
  (132, 10, 3, 'Extension letter.pdf', 'practices/10/58e3b8fd-a03e-59eb-aab5-59cc4ded3330-extension-letter.pdf', 1069308, 'application/pdf', now() - interval '25 days', null, now() - interval '25 days', 6, false, null, null)
) as v on conflict do nothing;

-- Evidence with a life (docs/decisions/evidence.md), on pm@demo.test's practices: each document
-- takes effect the day it was uploaded; Riverbend's infection control policy (filed 150 days ago,
-- a 3-month review) is overdue, its business continuity plan due for review in 3 weeks; Southern
-- Cross's privacy policy is two years past its review. A new document in Riverbend's self
-- assessment (under review), its hand hygiene audit, is past its review date: the summary counts
-- that indicator. Set once (the guards keep a re-run from touching the rows).
update public.documents set effective_date = (created_at at time zone 'Australia/Sydney')::date
 where id between 101 and 132 and effective_date is distinct from (created_at at time zone 'Australia/Sydney')::date;
update public.documents set review_date = effective_date + 90 where id = 106 and review_date is null;
update public.documents set review_date = public.portal_today() + 21 where id = 107 and review_date is null;
update public.documents set review_date = effective_date + 365 where id = 110 and review_date is null;
insert into public.documents (id, practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at, indicator_response_id, created_at, created_by_id, effective_date, review_date)
overriding system value
select 133, 2, 4, 'Hand hygiene audit 2025.pdf', 'practices/2/5f0c3d1e-2a7b-5c8e-9d41-6b2e7f9a0c13-hand-hygiene-audit-2025.pdf', 612204, 'application/pdf',
       now() - interval '400 days', (select min(r.id) from public.indicator_responses r where r.assessment_id = 2),
       now() - interval '400 days', 6, public.portal_today() - 400, public.portal_today() - 35
on conflict do nothing;

-- Harbourside's self assessment (in progress) has a practice information sheet of 14 months ago on
-- C1.1A, whose evidence must be from the last 12 months (its look-back window): out of date, so
-- its summary counts that indicator; the newer leaflet beside it is current.
insert into public.documents (id, practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at, indicator_response_id, created_at, created_by_id, effective_date)
overriding system value
select 134, 1, 5, 'Practice information sheet 2024.pdf', 'practices/1/3a7d2e4b-6c1f-5d8a-9e2b-4f6a8c0d1e35-practice-information-sheet-2024.pdf', 402311, 'application/pdf',
       now() - interval '60 days',
       (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 where r.assessment_id = 1 and i.code = 'C1.1A'),
       now() - interval '60 days', 7, public.portal_today() - 430
on conflict do nothing;

-- Capital Hill's relocation survey (in progress, surveyor@demo.test): its business continuity plan
-- on C3.4A, tested or reviewed in the last year (12-month window), dates from 16 months ago.
insert into public.documents (id, practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at, indicator_response_id, created_at, created_by_id, effective_date)
overriding system value
select 135, 8, 4, 'Business continuity plan 2024.pdf', 'practices/8/8c2e4f6a-1b3d-5e7f-9a0c-2d4e6f8a0b13-business-continuity-plan-2024.pdf', 512877, 'application/pdf',
       now() - interval '3 days',
       (select r.id from public.indicator_responses r join public.indicators i on i.id = r.indicator_id where r.assessment_id = 15 and i.code = 'C3.4A'),
       now() - interval '3 days', 6, public.portal_today() - 490
on conflict do nothing;

-- Set once; the guard keeps a re-run from touching the row (and the audit log).
update public.practices set previous_certificate_document_id = 129
 where organisation_id = 9 and previous_certificate_document_id is null;

insert into public.certificates
  (id, practice_id, accreditation_id, assessment_id, type, validity, name, issuing_provider, storage_key,
   certification_date, issue_date, commencement_date, expiry_date, condition, certified_by_id, created_at)
overriding system value values
  (1, 8, 11, null, 'ACCREDITATION', 'SUPERSEDED', 'Capital Hill Medical Centre', 'Demo Accreditation Provider',
   'certificates/8/2022-accreditation.pdf', public.portal_today() - 1125, public.portal_today() - 1125, public.portal_today() - 1125, public.portal_today() - 30, null, 1,
   now() - interval '1125 days'),
  (2, 8, 8, 14, 'ACCREDITATION', 'VALID', 'Capital Hill Medical Centre', 'Demo Accreditation Provider',
   'certificates/8/accreditation.pdf', public.portal_today() - 30, public.portal_today() - 30, public.portal_today() - 30,
   (public.portal_today() - 30 + interval '3 years')::date, null, 1, now() - interval '30 days'),
  (3, 3, 3, null, 'ACCREDITATION', 'VALID', 'Southern Cross General Practice', 'Demo Accreditation Provider',
   'certificates/3/accreditation.pdf', public.portal_today() - 945, public.portal_today() - 945, public.portal_today() - 945, public.portal_today() + 150, null, 1,
   now() - interval '945 days'),
  (4, 4, 4, null, 'ACCREDITATION', 'VALID', 'Bayview Health Clinic', 'Demo Accreditation Provider',
   'certificates/4/accreditation.pdf', public.portal_today() - 1015, public.portal_today() - 1015, public.portal_today() - 1015, public.portal_today() + 80, null, 1,
   now() - interval '1015 days'),
  (5, 10, 10, null, 'ACCREDITATION', 'SUPERSEDED', 'Hinterland Family Doctors', 'Demo Accreditation Provider',
   'certificates/10/accreditation.pdf', public.portal_today() - 1115, public.portal_today() - 1115, public.portal_today() - 1115, public.portal_today() - 20, null, 1,
   now() - interval '1115 days'),
  (6, 10, 10, null, 'EXTENSION', 'VALID', 'Hinterland Family Doctors', 'Demo Accreditation Provider',
   'certificates/10/extension.pdf', public.portal_today() - 25, public.portal_today() - 25, public.portal_today() - 20, public.portal_today() + 100,
   'Extension granted until the surveillance visit confirms the cold chain procedure.', 1, now() - interval '25 days'),
  -- Harbourside, in its first accreditation cycle, is registered for accreditation until the
  -- survey visit is due: what pm@demo.test downloads from the Accreditations list.
  (7, 1, 1, null, 'REGISTRATION', 'VALID', 'Harbourside Family Medical', 'Demo Accreditation Provider',
   'certificates/1/registration.pdf', public.portal_today() - 55, public.portal_today() - 55, public.portal_today() - 55, public.portal_today() + 310,
   null, 1, now() - interval '55 days')
on conflict do nothing;

select setval(pg_get_serial_sequence('public.documents', 'id'), (select max(id) from public.documents));
select setval(pg_get_serial_sequence('public.certificates', 'id'), (select max(id) from public.certificates));
