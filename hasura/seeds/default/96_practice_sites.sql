-- Capital Hill (practice 8, certified) has two branch sites, practices of their own whose
-- main practice it is. Its certificates list its own address, then the branches' by suburb
-- (public.practice_certificate_locations). Set once.

insert into public.addresses (id, unit, street, address2, suburb, state, postcode, country, lat, lng) overriding system value values
  (13, null, '175 Anketell Street', null, 'Greenway', 'ACT', '2900', 'AU', -35.416200, 149.066800),
  (14, 'Shop 4', '21 Lathlain Street', null, 'Belconnen', 'ACT', '2617', 'AU', -35.238600, 149.066100)
on conflict do nothing;

insert into public.organisations (id, name, legal_entity_name, abn, structure, email, billing_email, website, phone, fax, physical_address_id, postal_address_id, billing_address_id, created_at) overriding system value values
  (11, 'Capital Hill Medical Centre – Tuggeranong', 'Capital Hill Medical Centre Pty Ltd', '45127339084', 'COMPANY', 'tuggeranong@capitalhill.demo.test', 'accounts@capitalhill.demo.test', 'https://www.capitalhill.example', '02 6293 4400', null, 13, 8, 8, now() - interval '900 days'),
  (12, 'Capital Hill Medical Centre – Belconnen', 'Capital Hill Medical Centre Pty Ltd', '45127339084', 'COMPANY', 'belconnen@capitalhill.demo.test', 'accounts@capitalhill.demo.test', 'https://www.capitalhill.example', '02 6251 7300', null, 14, 8, 8, now() - interval '700 days')
on conflict do nothing;

insert into public.practices
  (organisation_id, status, active_status, network_id, is_in_practice_network, practice_type, mmm, phn,
   meets_gp_definition, is_branch, branch_or_main, main_practice_id, is_first_accreditation, tnc_signed,
   authorization_signed, is_staff_first_view, is_documents_first_view, created_at)
values
  (11, 'ACCREDITED', 'ACTIVE', 2, true, 'GENERAL_PRACTICE', 'MM1', 'Capital Health Network', true, true, 'BRANCH', 8, false, true, true, false, false, now() - interval '900 days'),
  (12, 'ACCREDITED', 'ACTIVE', 2, true, 'GENERAL_PRACTICE', 'MM1', 'Capital Health Network', true, true, 'BRANCH', 8, false, true, true, false, false, now() - interval '700 days')
on conflict do nothing;

select setval(pg_get_serial_sequence('public.addresses', 'id'), (select max(id) from public.addresses));
select setval(pg_get_serial_sequence('public.organisations', 'id'), (select max(id) from public.organisations));
