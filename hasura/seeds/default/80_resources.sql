-- The Resources and Factsheets pages (spec 000 §2, spec 002 §2): general rows of
-- indicator_resources (no indicator). Files are stored by the demo-file store like the indicator
-- resources' (`npm start` puts a stand-in PDF, Word or Excel file at each storage key). Visibility
-- (spec 002 §2): PMs see for_pm, surveyors for_surveyor, the back office all; one of each kind is
-- archived and one is for nobody but the back office. Fixed ids (501…) keep the file re-runnable.
insert into public.indicator_resources (id, kind, category, name, description, file_type, storage_key, url, for_pm, for_surveyor, archived) overriding system value values
  (501, 'RESOURCE', 'Templates', 'Practice policy and procedure template', 'A starting point for the practice''s policy manual.', 'docx', 'resources/general/demo/policy-template.docx', null, true, false, false),
  (502, 'RESOURCE', 'Templates', 'Staff training register', 'Record training, CPR and immunisation dates for every staff member.', 'xlsx', 'resources/general/demo/training-register.xlsx', null, true, false, false),
  (503, 'RESOURCE', 'Standards', 'The standards for general practices (5th edition)', 'The standards the practice is assessed against.', null, null, 'https://standards.demo-provider.example/gps5', true, true, false),
  (504, 'RESOURCE', 'Surveying', 'Surveyor handbook', 'How a survey visit runs, from planning to the report.', 'pdf', 'resources/general/demo/surveyor-handbook.pdf', null, false, true, false),
  (505, 'RESOURCE', 'Surveying', 'Rating guide for surveyors', 'Examples of met and not met for each indicator.', null, null, 'https://surveyors.demo-provider.example/rating-guide', false, true, false),
  (506, 'RESOURCE', 'Internal', 'Provider quality manual', 'For the provider''s own staff only.', 'pdf', 'resources/general/demo/quality-manual.pdf', null, false, false, false),
  (507, 'RESOURCE', 'Templates', 'Old induction checklist', 'Replaced by the staff training register.', 'docx', 'resources/general/demo/old-induction-checklist.docx', null, true, false, true),
  (508, 'FACTSHEET', 'Accreditation process', 'What happens at a survey visit', 'The day of the visit, step by step, for the practice team.', 'pdf', 'resources/general/demo/survey-visit-factsheet.pdf', null, true, true, false),
  (509, 'FACTSHEET', 'Accreditation process', 'Preparing for accreditation', 'The self assessment, the evidence and the timeline.', 'pdf', 'resources/general/demo/preparing-factsheet.pdf', null, true, false, false),
  (510, 'FACTSHEET', 'Infection control', 'Cold chain management', 'Vaccine storage and what to do after a breach.', null, null, 'https://standards.demo-provider.example/factsheets/cold-chain', true, true, false),
  (511, 'FACTSHEET', 'Surveying', 'Conflict of interest for surveyors', 'What to declare and when.', 'pdf', 'resources/general/demo/conflict-of-interest.pdf', null, false, true, false),
  (512, 'FACTSHEET', 'Accreditation process', 'Fees 2024', 'Replaced by the current fee schedule.', 'pdf', 'resources/general/demo/fees-2024.pdf', null, true, false, true)
on conflict do nothing;
select setval(pg_get_serial_sequence('public.indicator_resources', 'id'), (select max(id) from public.indicator_resources));
