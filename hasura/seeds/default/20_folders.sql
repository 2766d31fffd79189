-- Provider-wide document folders (practice_id null): every practice sees them. Indicators point
-- their document_folder_id at these, so they come before the standards. Practices' own folders
-- are in 40_practices.sql.
insert into public.folders (id, practice_id, name, code, visible, empty_hidden, sort_order) overriding system value values
  (1, null, 'Staff documents', 'STAFF_DOCUMENTS', true, false, 10),
  (2, null, 'Survey visit documents', 'SURVEY_VISIT_DOCUMENTS', true, true, 20),
  (3, null, 'Previous accreditation', 'PREV_ACCRED', true, true, 30),
  (4, null, 'Policies and procedures', 'POLICIES', true, false, 40),
  (5, null, 'General', 'GENERAL', true, false, 50)
on conflict do nothing;

select setval(pg_get_serial_sequence('public.folders', 'id'), (select max(id) from public.folders));
