-- Demo practices: organisations with their addresses, two practice networks, the practices, who
-- works on them (practice_users), practices' own folders, nominated contacts, the staff register
-- with its documents, and staff invitations. Ids are fixed (see 10_users.sql for the user ids).
--
-- Practice  state it demonstrates (see 50_accreditations.sql and 60_assessments.sql)
--  1 Harbourside (NSW)       cycle open, self assessment in progress    PM pm.single (only practice), pm
--  2 Riverbend (QLD)         self assessment under review, preference days due PM pm
--  3 Southern Cross (VIC)    renewal due, less than 12 months to expiry PM pm
--  4 Bayview (WA)            renewal payment due, < 12 months           PM pm, pm.perth
--                            (and a surveillance visit partially submitted)
--  5 Wattle Grove (SA)       survey under review                        PM pm
--  6 Red Centre (NT)         action required                            PM pm
--  7 Derwent Valley (TAS)    approved                                   PM pm.tas
--  8 Capital Hill (ACT)      certified                                  PM pm
--                            (and a relocation survey visit in progress today)
--  9 Lakeside (NSW)          payment pending (new application)          PM pm.newcastle
-- 10 Hinterland (QLD)        < 12 months to expiry via an extension     PM pm

insert into public.practice_networks (id, name, abn, created_at) overriding system value values
  (1, 'Harbour & Coast Health Partners', '31640287715', now() - interval '5 years'),
  (2, 'Sunrise Medical Group', '84205617390', now() - interval '6 years')
on conflict do nothing;

insert into public.addresses (id, unit, street, address2, suburb, state, postcode, country, lat, lng) overriding system value values
  (1, null, '212 Crown Street', null, 'Surry Hills', 'NSW', '2010', 'AU', -33.883100, 151.212600),
  (2, 'Suite 2', '88 Boundary Street', null, 'West End', 'QLD', '4101', 'AU', -27.481700, 153.009400),
  (3, null, '301 Lygon Street', null, 'Carlton', 'VIC', '3053', 'AU', -37.798200, 144.967100),
  (4, null, '45 Market Street', null, 'Fremantle', 'WA', '6160', 'AU', -32.054900, 115.747400),
  (5, null, '160 The Parade', null, 'Norwood', 'SA', '5067', 'AU', -34.921300, 138.630600),
  (6, null, '14 Hartley Street', null, 'Alice Springs', 'NT', '0870', 'AU', -23.699800, 133.881000),
  (7, null, '27 High Street', null, 'New Norfolk', 'TAS', '7140', 'AU', -42.781900, 147.059300),
  (8, 'Level 1', '12 Jardine Street', null, 'Kingston', 'ACT', '2604', 'AU', -35.315400, 149.145200),
  (9, null, '5 Glebe Road', null, 'Merewether', 'NSW', '2291', 'AU', -32.945600, 151.746100),
  (10, null, '9 Railway Street', null, 'Mudgeeraba', 'QLD', '4213', 'AU', -28.083300, 153.365200),
  (11, null, 'PO Box 318', null, 'Alice Springs', 'NT', '0871', 'AU', null, null),
  (12, null, 'Locked Bag 7', null, 'West End', 'QLD', '4101', 'AU', null, null)
on conflict do nothing;

insert into public.organisations (id, name, legal_entity_name, abn, structure, email, billing_email, website, phone, fax, physical_address_id, postal_address_id, billing_address_id, created_at) overriding system value values
  (1, 'Harbourside Family Medical', 'Harbourside Family Medical Pty Ltd', '53004085616', 'COMPANY', 'reception@harbourside.demo.test', 'accounts@harbourside.demo.test', 'https://www.harbourside.example', '02 9360 4411', '02 9360 9999', 1, 1, 1, now() - interval '497 days'),
  (2, 'Riverbend Medical Centre', 'Riverbend Medical Services Pty Ltd', '71002563148', 'COMPANY', 'reception@riverbend.demo.test', 'accounts@riverbend.demo.test', 'https://www.riverbend.example', '07 3844 2200', '07 3844 9999', 2, 12, 12, now() - interval '594 days'),
  (3, 'Southern Cross General Practice', 'Southern Cross GP Partnership', '26119874305', 'PARTNERSHIP', 'reception@southerncross.demo.test', 'accounts@southerncross.demo.test', 'https://www.southerncross.example', '03 9347 5120', '03 9347 9999', 3, 3, 3, now() - interval '691 days'),
  (4, 'Bayview Health Clinic', 'Bayview Health Trust', '88431760229', 'TRUST', 'reception@bayview.demo.test', 'accounts@bayview.demo.test', 'https://www.bayview.example', '08 9335 7788', '08 9335 9999', 4, 4, 4, now() - interval '788 days'),
  (5, 'Wattle Grove Medical Practice', 'Wattle Grove Medical Practice Pty Ltd', '14605223871', 'COMPANY', 'reception@wattlegrove.demo.test', 'accounts@wattlegrove.demo.test', 'https://www.wattlegrove.example', '08 8332 4100', '08 8332 9999', 5, 5, 5, now() - interval '885 days'),
  (6, 'Red Centre Community Clinic', 'Red Centre Community Health Inc', '39870115462', 'NOT_FOR_PROFIT', 'reception@redcentre.demo.test', 'accounts@redcentre.demo.test', 'https://www.redcentre.example', '08 8952 6300', '08 8952 9999', 6, 11, 11, now() - interval '982 days'),
  (7, 'Derwent Valley Medical', 'Derwent Valley Medical Pty Ltd', '62998034517', 'COMPANY', 'reception@derwentvalley.demo.test', 'accounts@derwentvalley.demo.test', 'https://www.derwentvalley.example', '03 6261 2044', '03 6261 9999', 7, 7, 7, now() - interval '1079 days'),
  (8, 'Capital Hill Medical Centre', 'Capital Hill Medical Centre Pty Ltd', '45127339084', 'COMPANY', 'reception@capitalhill.demo.test', 'accounts@capitalhill.demo.test', 'https://www.capitalhill.example', '02 6295 8100', '02 6295 9999', 8, 8, 8, now() - interval '1176 days'),
  (9, 'Lakeside Doctors Merewether', 'Lakeside Doctors Pty Ltd', '97341508826', 'COMPANY', 'reception@lakesidedoctors.demo.test', 'accounts@lakesidedoctors.demo.test', 'https://www.lakesidedoctors.example', '02 4963 1180', '02 4963 9999', 9, 9, 9, now() - interval '1273 days'),
  (10, 'Hinterland Family Doctors', 'Riverbend Medical Services Pty Ltd', '71002563148', 'COMPANY', 'reception@hinterlanddoctors.demo.test', 'accounts@hinterlanddoctors.demo.test', 'https://www.hinterlanddoctors.example', '07 5530 2299', '07 5530 9999', 10, 12, 12, now() - interval '1370 days')
on conflict do nothing;

insert into public.practices
  (organisation_id, status, active_status, network_id, is_in_practice_network, practice_type, mmm, phn, pip_id,
   meets_gp_definition, is_amds, is_branch, branch_or_main, is_first_accreditation, is_receiving_incentives,
   previous_provider, previous_standard, previous_expiry_date, first_application_started_date, initial_swpe,
   tnc_signed, authorization_signed, is_staff_first_view, is_documents_first_view, show_message_after_renewal_payment,
   doctor_head_count, doctor_max_count, nurse_head_count, nurse_max_count, allied_health_head_count,
   allied_health_max_count, support_staff_head_count, support_staff_max_count, created_at)
values
  (1, 'IN_PROGRESS', 'ACTIVE', null, false, 'GENERAL_PRACTICE', 'MM1', 'Central and Eastern Sydney PHN', 'PIP100237', true, false, false, null, true, true, null, null, null, public.portal_today() - interval '60 days', 4931.50, true, true, true, true, false, 4, 6, 2, 3, 1, 2, 4, 5, now() - interval '497 days'),
  (2, 'IN_PROGRESS', 'ACTIVE', 1, true, 'GENERAL_PRACTICE', 'MM1', 'Brisbane South PHN', 'PIP100274', true, false, false, 'MAIN', false, true, null, 'GPS-5', null, public.portal_today() - interval '1460 days', 5663.00, true, true, false, false, false, 5, 7, 3, 4, 0, 1, 5, 6, now() - interval '594 days'),
  (3, 'ACCREDITED', 'ACTIVE', 1, true, 'GENERAL_PRACTICE', 'MM1', 'North Western Melbourne PHN', 'PIP100311', true, false, false, 'MAIN', false, false, null, 'GPS-5', null, public.portal_today() - interval '1490 days', 6394.50, true, true, false, false, false, 6, 8, 1, 2, 1, 2, 3, 4, now() - interval '691 days'),
  (4, 'ACCREDITED', 'ACTIVE', 2, true, 'GENERAL_PRACTICE', 'MM1', 'Perth South PHN', 'PIP100348', true, false, false, null, false, true, null, 'GPS-5', null, public.portal_today() - interval '1520 days', 7126.00, true, true, false, false, true, 3, 5, 2, 3, 0, 1, 4, 5, now() - interval '788 days'),
  (5, 'IN_PROGRESS', 'ACTIVE', null, false, 'GENERAL_PRACTICE', 'MM1', 'Adelaide PHN', 'PIP100385', true, false, false, null, false, true, null, 'GPS-5', null, public.portal_today() - interval '1550 days', 7857.50, true, true, false, false, false, 4, 6, 3, 4, 1, 2, 5, 6, now() - interval '885 days'),
  (6, 'IN_PROGRESS', 'ACTIVE', null, false, 'ABORIGINAL_MEDICAL_SERVICE', 'MM6', 'Northern Territory PHN', 'PIP100422', true, false, false, null, false, false, null, 'GPS-5', null, public.portal_today() - interval '1580 days', 8589.00, true, true, false, false, false, 5, 7, 1, 2, 0, 1, 3, 4, now() - interval '982 days'),
  (7, 'IN_PROGRESS', 'ACTIVE', null, false, 'GENERAL_PRACTICE', 'MM5', 'Primary Health Tasmania', 'PIP100459', true, false, false, null, false, true, null, 'GPS-5', null, public.portal_today() - interval '1610 days', 9320.50, true, true, false, false, false, 6, 8, 2, 3, 1, 2, 4, 5, now() - interval '1079 days'),
  (8, 'ACCREDITED', 'ACTIVE', 2, true, 'GENERAL_PRACTICE', 'MM1', 'Capital Health Network', 'PIP100496', true, false, false, 'MAIN', false, true, null, 'GPS-5', null, public.portal_today() - interval '1640 days', 10052.00, true, true, false, false, false, 3, 5, 3, 4, 0, 1, 5, 6, now() - interval '1176 days'),
  (9, 'PAYMENT_PENDING', 'ACTIVE', null, false, 'GENERAL_PRACTICE', 'MM2', 'Hunter New England and Central Coast PHN', 'PIP100533', true, false, false, null, true, false, 'Quality Practice Accreditation Services', 'GPS-5', public.portal_today() + interval '20 days', public.portal_today() - interval '8 days', 10783.50, false, false, true, true, false, 4, 6, 1, 2, 1, 2, 3, 4, now() - interval '1273 days'),
  (10, 'ACCREDITED', 'ACTIVE', 1, true, 'GENERAL_PRACTICE', 'MM2', 'Gold Coast PHN', 'PIP100570', true, false, true, 'BRANCH', false, true, null, 'GPS-5', null, public.portal_today() - interval '1700 days', 11515.00, true, true, false, false, false, 5, 7, 2, 3, 0, 1, 4, 5, now() - interval '1370 days')
on conflict do nothing;

-- Who works on which practice. pm.single manages exactly one practice; newuser none. Surveyors are SU on
-- the practices they survey; surveyor2 is also SU on Lakeside (payment pending), where the list locks the row.
insert into public.practice_users (id, practice_id, user_id, role, active) overriding system value values
  (1, 1, 7, 'PM', true),
  (2, 2, 6, 'PM', true),
  (3, 2, 12, 'PM', true),
  (4, 2, 3, 'SU', true),
  (5, 2, 5, 'SU', true),
  (6, 3, 6, 'PM', true),
  (7, 3, 4, 'SU', true),
  (8, 4, 6, 'PM', true),
  (9, 4, 11, 'PM', true),
  (10, 4, 3, 'SU', true),
  (11, 5, 6, 'PM', true),
  (12, 5, 3, 'SU', true),
  (13, 5, 4, 'SU', true),
  (14, 6, 6, 'PM', true),
  (15, 6, 5, 'SU', true),
  (16, 6, 3, 'SU', true),
  (17, 7, 9, 'PM', true),
  (18, 7, 4, 'SU', true),
  (19, 7, 5, 'SU', true),
  (20, 8, 6, 'PM', true),
  (21, 8, 13, 'PM', true),
  (22, 8, 3, 'SU', true),
  (23, 8, 5, 'SU', true),
  (24, 9, 10, 'PM', true),
  (25, 9, 4, 'SU', true),
  (26, 10, 6, 'PM', true),
  (27, 10, 9, 'PM', false),
  (28, 8, 4, 'SU', true),
  (29, 1, 6, 'PM', true),
  -- surveyor3 joins surveyor on Bayview's surveillance visit.
  (30, 4, 5, 'SU', true)
on conflict do nothing;

-- Practices' own folders (the provider's folders are in 20_folders.sql).
insert into public.folders (id, practice_id, name, code, visible, empty_hidden, sort_order) overriding system value values
  (6, 5, 'Infection control logs', null, true, false, 60),
  (7, 6, 'Cold chain records', null, true, false, 60),
  (8, 8, 'Old scans', null, false, true, 90)
on conflict do nothing;

-- Four nominated contacts per practice: accreditation, GP, nurse, support (the accreditations point at them).
insert into public.contacts (id, practice_id, first_name, last_name, type, user_id, email, phone) overriding system value values
  (1, 1, 'Daniel', 'Costa', 'ACCREDITATION', 7, null, '0411 101 200'),
  (2, 1, 'Anna', 'Kowalski', 'GP', null, 'anna.kowalski@harbourside.demo.test', '0411 102 201'),
  (3, 1, 'Mei', 'Chen', 'NURSE', null, 'mei.chen@harbourside.demo.test', '0411 103 202'),
  (4, 1, 'Sophie', 'Brennan', 'SUPPORT', null, 'sophie.brennan@harbourside.demo.test', '0411 104 203'),
  (5, 2, 'Sarah', 'Mitchell', 'ACCREDITATION', 6, null, '0412 105 200'),
  (6, 2, 'Rahul', 'Desai', 'GP', null, 'rahul.desai@riverbend.demo.test', '0412 106 201'),
  (7, 2, 'Rebecca', 'Tan', 'NURSE', 12, null, '0412 107 202'),
  (8, 2, 'Leah', 'Morgan', 'SUPPORT', null, 'leah.morgan@riverbend.demo.test', '0412 108 203'),
  (9, 3, 'Sarah', 'Mitchell', 'ACCREDITATION', 6, null, '0413 109 200'),
  (10, 3, 'Eleni', 'Papadopoulos', 'GP', null, 'eleni.papadopoulos@southerncross.demo.test', '0413 110 201'),
  (11, 3, 'Grace', 'Okafor', 'NURSE', null, 'grace.okafor@southerncross.demo.test', '0413 111 202'),
  (12, 3, 'Ben', 'Walsh', 'SUPPORT', null, 'ben.walsh@southerncross.demo.test', '0413 112 203'),
  (13, 4, 'Kylie', 'Anderson', 'ACCREDITATION', 11, null, '0414 113 200'),
  (14, 4, 'Hamish', 'Grant', 'GP', null, 'hamish.grant@bayview.demo.test', '0414 114 201'),
  (15, 4, 'Tara', 'Nguyen', 'NURSE', null, 'tara.nguyen@bayview.demo.test', '0414 115 202'),
  (16, 4, 'Jess', 'Doyle', 'SUPPORT', null, 'jess.doyle@bayview.demo.test', '0414 116 203'),
  (17, 5, 'Sarah', 'Mitchell', 'ACCREDITATION', 6, null, '0415 117 200'),
  (18, 5, 'Lucy', 'Hartmann', 'GP', null, 'lucy.hartmann@wattlegrove.demo.test', '0415 118 201'),
  (19, 5, 'Nadia', 'Rossi', 'NURSE', null, 'nadia.rossi@wattlegrove.demo.test', '0415 119 202'),
  (20, 5, 'Chris', 'Baker', 'SUPPORT', null, 'chris.baker@wattlegrove.demo.test', '0415 120 203'),
  (21, 6, 'Sarah', 'Mitchell', 'ACCREDITATION', 6, null, '0416 121 200'),
  (22, 6, 'Marcus', 'Campbell', 'GP', null, 'marcus.campbell@redcentre.demo.test', '0416 122 201'),
  (23, 6, 'Jodie', 'Turner', 'NURSE', null, 'jodie.turner@redcentre.demo.test', '0416 123 202'),
  (24, 6, 'Kirra', 'Williams', 'SUPPORT', null, 'kirra.williams@redcentre.demo.test', '0416 124 203'),
  (25, 7, 'Fiona', 'McLeod', 'ACCREDITATION', 9, null, '0417 125 200'),
  (26, 7, 'Peter', 'Lindqvist', 'GP', null, 'peter.lindqvist@derwentvalley.demo.test', '0417 126 201'),
  (27, 7, 'Claire', 'Bennett', 'NURSE', null, 'claire.bennett@derwentvalley.demo.test', '0417 127 202'),
  (28, 7, 'Sam', 'Harris', 'SUPPORT', null, 'sam.harris@derwentvalley.demo.test', '0417 128 203'),
  (29, 8, 'Sarah', 'Mitchell', 'ACCREDITATION', 6, null, '0418 129 200'),
  (30, 8, 'James', 'Wilson', 'GP', 13, null, '0418 130 201'),
  (31, 8, 'Olivia', 'Park', 'NURSE', null, 'olivia.park@capitalhill.demo.test', '0418 131 202'),
  (32, 8, 'Ryan', 'Kelly', 'SUPPORT', null, 'ryan.kelly@capitalhill.demo.test', '0418 132 203'),
  (33, 9, 'Grace', 'Pham', 'ACCREDITATION', 10, null, '0419 133 200'),
  (34, 9, 'Tom', 'Fletcher', 'GP', null, 'tom.fletcher@lakesidedoctors.demo.test', '0419 134 201'),
  (35, 9, 'Amy', 'Russo', 'NURSE', null, 'amy.russo@lakesidedoctors.demo.test', '0419 135 202'),
  (36, 9, 'Zoe', 'Hughes', 'SUPPORT', null, 'zoe.hughes@lakesidedoctors.demo.test', '0419 136 203'),
  (37, 10, 'Sarah', 'Mitchell', 'ACCREDITATION', 6, null, '0420 137 200'),
  (38, 10, 'Neil', 'Sharma', 'GP', null, 'neil.sharma@hinterlanddoctors.demo.test', '0420 138 201'),
  (39, 10, 'Holly', 'Evans', 'NURSE', null, 'holly.evans@hinterlanddoctors.demo.test', '0420 139 202'),
  (40, 10, 'Matt', 'Cooper', 'SUPPORT', null, 'matt.cooper@hinterlanddoctors.demo.test', '0420 140 203')
on conflict do nothing;

-- Staff documents (CPR certificates) live in the STAFF_DOCUMENTS folder; staff rows point at them.
insert into public.documents (id, practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at, created_at, created_by_id) overriding system value values
  (1, 1, 1, 'CPR certificate Chloe Martin.pdf', 'practices/1/5d03afc5-a84d-5370-9dac-2d40e98b9fe5-cpr-certificate-chloe-martin.pdf', 183137, 'application/pdf', now() - interval '168 days', now() - interval '168 days', 7),
  (2, 1, 1, 'CPR certificate Henry Kowalski.pdf', 'practices/1/5e327d25-38b8-5d80-b6da-f7d991b809f0-cpr-certificate-henry-kowalski.pdf', 186274, 'application/pdf', now() - interval '237 days', now() - interval '237 days', 7),
  (3, 2, 1, 'CPR certificate Isla Desai.pdf', 'practices/2/b8c5082c-e777-5cb1-87f1-3e919d81c752-cpr-certificate-isla-desai.pdf', 189411, 'application/pdf', now() - interval '579 days', now() - interval '579 days', 6),
  (4, 2, 1, 'CPR certificate Oscar Walker.pdf', 'practices/2/ad87d629-e521-54d2-8d1f-6f55caa56305-cpr-certificate-oscar-walker.pdf', 192548, 'application/pdf', now() - interval '648 days', now() - interval '648 days', 6),
  (5, 2, 1, 'CPR certificate Rebecca Tan.pdf', 'practices/2/39020949-53e2-5ee9-9c67-d6c62313934d-cpr-certificate-rebecca-tan.pdf', 195685, 'application/pdf', now() - interval '785 days', now() - interval '785 days', 6),
  (6, 3, 1, 'CPR certificate Leo Lee.pdf', 'practices/3/45716877-6aef-5887-b263-058c9e9cd9e6-cpr-certificate-leo-lee.pdf', 198822, 'application/pdf', now() - interval '1059 days', now() - interval '1059 days', 6),
  (7, 3, 1, 'CPR certificate Jack Okafor.pdf', 'practices/3/8af88656-53b2-540d-b4e2-fafc21048251-cpr-certificate-jack-okafor.pdf', 201959, 'application/pdf', now() - interval '1196 days', now() - interval '1196 days', 6),
  (8, 4, 1, 'CPR certificate Mia Adams.pdf', 'practices/4/61d5de01-6b19-50f7-a8c8-77b4f8351ada-cpr-certificate-mia-adams.pdf', 205096, 'application/pdf', now() - interval '1401 days', now() - interval '1401 days', 11),
  (9, 4, 1, 'CPR certificate Anna Grant.pdf', 'practices/4/d429e4ad-bc2a-5417-9e68-b6ecefdec393-cpr-certificate-anna-grant.pdf', 208233, 'application/pdf', now() - interval '1470 days', now() - interval '1470 days', 11),
  (10, 5, 1, 'CPR certificate Zara Scott.pdf', 'practices/5/8ee0c7d9-30c7-5170-b69f-8dff87d82ecb-cpr-certificate-zara-scott.pdf', 211370, 'application/pdf', now() - interval '312 days', now() - interval '312 days', 6),
  (11, 5, 1, 'CPR certificate Mei Hartmann.pdf', 'practices/5/8dfed126-80d4-58ae-be96-5cb519c0c908-cpr-certificate-mei-hartmann.pdf', 214507, 'application/pdf', now() - interval '381 days', now() - interval '381 days', 6),
  (12, 5, 1, 'CPR certificate Oscar Wright.pdf', 'practices/5/ccfbb160-bda9-537c-ac33-fd6ea98fc5b8-cpr-certificate-oscar-wright.pdf', 217644, 'application/pdf', now() - interval '518 days', now() - interval '518 days', 6),
  (13, 6, 1, 'CPR certificate Ruby King.pdf', 'practices/6/57772f9d-64b0-54ef-bddf-5091896aecf1-cpr-certificate-ruby-king.pdf', 220781, 'application/pdf', now() - interval '723 days', now() - interval '723 days', 6),
  (14, 6, 1, 'CPR certificate Liam Nguyen.pdf', 'practices/6/8d7638da-526e-591c-bc1d-b43242b520d1-cpr-certificate-liam-nguyen.pdf', 223918, 'application/pdf', now() - interval '792 days', now() - interval '792 days', 6),
  (15, 7, 1, 'CPR certificate Noah Green.pdf', 'practices/7/8bfeb57b-e42d-5db2-a43b-da61fc6a2564-cpr-certificate-noah-green.pdf', 227055, 'application/pdf', now() - interval '1203 days', now() - interval '1203 days', 9),
  (16, 7, 1, 'CPR certificate Anna Bennett.pdf', 'practices/7/f0f96e52-1a16-5622-b9d4-8d0688db8875-cpr-certificate-anna-bennett.pdf', 230192, 'application/pdf', now() - interval '1340 days', now() - interval '1340 days', 9),
  (17, 8, 1, 'CPR certificate Rahul White.pdf', 'practices/8/ae9978b6-8517-5573-8657-fcad10a3c536-cpr-certificate-rahul-white.pdf', 233329, 'application/pdf', now() - interval '1545 days', now() - interval '1545 days', 6),
  (18, 8, 1, 'CPR certificate Ethan Wright.pdf', 'practices/8/e4c2eab9-5b42-5be6-bf65-fb2ebc2ac6af-cpr-certificate-ethan-wright.pdf', 236466, 'application/pdf', now() - interval '114 days', now() - interval '114 days', 6),
  (19, 8, 1, 'CPR certificate Mei Lee.pdf', 'practices/8/81abf195-a4aa-5234-a92d-814f6b1eb67a-cpr-certificate-mei-lee.pdf', 239603, 'application/pdf', now() - interval '251 days', now() - interval '251 days', 6),
  (20, 8, 1, 'CPR certificate Isla King.pdf', 'practices/8/077fe12d-f542-5427-972b-90ad43bcaf39-cpr-certificate-isla-king.pdf', 242740, 'application/pdf', now() - interval '319 days', now() - interval '319 days', 6),
  (21, 9, 1, 'CPR certificate Liam Jones.pdf', 'practices/9/399b6f82-92a1-569b-9269-5e83e8c5caef-cpr-certificate-liam-jones.pdf', 245877, 'application/pdf', now() - interval '662 days', now() - interval '662 days', 10),
  (22, 9, 1, 'CPR certificate Ava Hall.pdf', 'practices/9/6a089dd3-6296-5e67-aa89-fb5e5975249a-cpr-certificate-ava-hall.pdf', 249014, 'application/pdf', now() - interval '730 days', now() - interval '730 days', 10),
  (23, 10, 1, 'CPR certificate Jack Walker.pdf', 'practices/10/ad8c3c3e-3296-5114-b69b-1e0f3761a0e4-cpr-certificate-jack-walker.pdf', 252151, 'application/pdf', now() - interval '936 days', now() - interval '936 days', 6),
  (24, 10, 1, 'CPR certificate Noah Evans.pdf', 'practices/10/f0285a84-0d45-5748-9bdc-d5e5935787f5-cpr-certificate-noah-evans.pdf', 255288, 'application/pdf', now() - interval '1073 days', now() - interval '1073 days', 6)
on conflict do nothing;

insert into public.practice_staff
  (id, practice_id, title, first_name, last_name, type, registration_num, employment_type, start_date,
   employment_status, resignation_date, email, vr_status, hours_per_week, fte_band, cpr_expiry, qicpd, qa_cpd_num,
   phone, active, verified, verified_at, verified_by_id, user_id, cpr_evidence_document_id, created_at, created_by_id)
overriding system value values
  (1, 1, 'DR', 'Chloe', 'Martin', 'gp', 'MED0001007919', 'OWNER', public.portal_today() - interval '337 days', 'ACTIVE', null, 'chloe.martin@harbourside.demo.test', 'VR', 30.5, 'FTE_75_100', public.portal_today() + interval '143 days', 'RACGP', '500097', '0421 301 400', true, true, now() - interval '112 days', 7, null, 1, now() - interval '337 days', 7),
  (2, 1, 'PROF', 'Henry', 'Kowalski', 'gp', 'MED0001015838', 'EMPLOYEE', public.portal_today() - interval '474 days', 'ACTIVE', null, 'henry.kowalski@harbourside.demo.test', 'VR', 24, 'FTE_50_75', public.portal_today() + interval '196 days', 'RACGP', '500194', '0421 302 401', true, true, now() - interval '158 days', 7, null, 2, now() - interval '474 days', 7),
  (3, 1, 'MS', 'Rahul', 'Chen', 'nurse', 'NMW0002018021', 'EMPLOYEE', public.portal_today() - interval '611 days', 'ACTIVE', null, 'rahul.chen@harbourside.demo.test', null, 16, 'FTE_25_50', public.portal_today() + interval '249 days', null, null, '0421 303 402', true, false, null, null, null, null, now() - interval '611 days', 7),
  (4, 1, 'MRS', 'Ethan', 'Brennan', 'support', null, 'EMPLOYEE', public.portal_today() - interval '748 days', 'ACTIVE', null, 'ethan.brennan@harbourside.demo.test', null, 40, 'FTE_75_100', public.portal_today() + interval '302 days', null, null, '0421 304 403', true, true, now() - interval '249 days', 7, null, null, now() - interval '748 days', 7),
  (5, 1, 'MRS', 'Zara', 'Hall', 'support', null, 'EMPLOYEE', public.portal_today() - interval '885 days', 'ACTIVE', null, 'zara.hall@harbourside.demo.test', null, 20, 'FTE_50_75', public.portal_today() + interval '355 days', null, null, '0421 305 404', true, true, now() - interval '295 days', 7, null, null, now() - interval '885 days', 7),
  (6, 2, 'DR', 'Mei', 'Green', 'gp', 'MED0001047514', 'OWNER', public.portal_today() - interval '1022 days', 'ACTIVE', null, 'mei.green@riverbend.demo.test', 'VR', 38, 'FTE_75_100', public.portal_today() + interval '408 days', 'ACRRM', '500582', '0422 306 400', true, false, null, null, null, null, now() - interval '1022 days', 6),
  (7, 2, 'PROF', 'Isla', 'Desai', 'gp', 'MED0001055433', 'EMPLOYEE', public.portal_today() - interval '1159 days', 'ACTIVE', null, 'isla.desai@riverbend.demo.test', 'VR', 30.5, 'FTE_75_100', public.portal_today() + interval '461 days', 'RACGP', '500679', '0422 307 401', true, true, now() - interval '386 days', 6, null, 3, now() - interval '1159 days', 6),
  (8, 2, 'DR', 'Oscar', 'Walker', 'gp', 'MED0001063352', 'CONTRACTOR', public.portal_today() - interval '1296 days', 'ACTIVE', null, 'oscar.walker@riverbend.demo.test', 'FELLOWSHIP_PATHWAY', 24, 'FTE_50_75', public.portal_today() + interval '18 days', 'RACGP', '500776', '0422 308 402', true, true, now() - interval '432 days', 6, null, 4, now() - interval '1296 days', 6),
  (9, 2, 'MS', 'Sophie', 'Scott', 'nurse', 'NMW0002054063', 'EMPLOYEE', public.portal_today() - interval '1433 days', 'ACTIVE', null, 'sophie.scott@riverbend.demo.test', null, 16, 'FTE_25_50', public.portal_today() - interval '12 days', null, null, '0422 309 403', true, false, null, null, null, null, now() - interval '1433 days', 6),
  (10, 2, 'MS', 'Rebecca', 'Tan', 'nurse', 'NMW0002060070', 'EMPLOYEE', public.portal_today() - interval '1570 days', 'ACTIVE', null, 'rebecca.tan@demo.test', null, 40, 'FTE_75_100', public.portal_today() + interval '620 days', null, null, '0422 310 404', true, true, now() - interval '523 days', 6, 12, 5, now() - interval '1570 days', 6),
  (11, 2, 'MRS', 'Ruby', 'White', 'support', null, 'EMPLOYEE', public.portal_today() - interval '1707 days', 'ACTIVE', null, 'ruby.white@riverbend.demo.test', null, 20, 'FTE_50_75', public.portal_today() + interval '-20 days', null, null, '0422 311 405', true, true, now() - interval '569 days', 6, null, null, now() - interval '1707 days', 6),
  (12, 2, 'MRS', 'Liam', 'Wright', 'support', null, 'EMPLOYEE', public.portal_today() - interval '1844 days', 'ACTIVE', null, 'liam.wright@riverbend.demo.test', null, 38, 'FTE_75_100', public.portal_today() + interval '726 days', null, null, '0422 312 406', true, false, null, null, null, null, now() - interval '1844 days', 6),
  (13, 2, 'MR', 'Ava', 'Smith', 'allied_health', 'PHY0003000169', 'EMPLOYEE', public.portal_today() - interval '1981 days', 'INACTIVE', public.portal_today() - interval '43 days', 'ava.smith@riverbend.demo.test', null, 30.5, 'FTE_75_100', public.portal_today() + interval '779 days', null, null, '0422 313 407', false, true, now() - interval '660 days', 6, null, null, now() - interval '1981 days', 6),
  (14, 3, 'DR', 'Leo', 'Lee', 'gp', 'MED0001110866', 'OWNER', public.portal_today() - interval '2118 days', 'ACTIVE', null, 'leo.lee@southerncross.demo.test', 'VR', 24, 'FTE_50_75', public.portal_today() + interval '832 days', 'RACGP', '501358', '0423 314 400', true, true, now() - interval '706 days', 6, null, 6, now() - interval '2118 days', 6),
  (15, 3, 'PROF', 'Olivia', 'Papadopoulos', 'gp', 'MED0001118785', 'EMPLOYEE', public.portal_today() - interval '2255 days', 'ACTIVE', null, 'olivia.papadopoulos@southerncross.demo.test', 'VR', 16, 'FTE_25_50', public.portal_today() + interval '885 days', 'ACRRM', '501455', '0423 315 401', true, false, null, null, null, null, now() - interval '2255 days', 6),
  (16, 3, 'MS', 'Jack', 'Okafor', 'nurse', 'NMW0002096112', 'EMPLOYEE', public.portal_today() - interval '2392 days', 'ACTIVE', null, 'jack.okafor@southerncross.demo.test', null, 40, 'FTE_75_100', public.portal_today() + interval '938 days', null, null, '0423 316 402', true, true, now() - interval '797 days', 6, null, 7, now() - interval '2392 days', 6),
  (17, 3, 'MRS', 'Ella', 'Walsh', 'support', null, 'EMPLOYEE', public.portal_today() - interval '2529 days', 'ACTIVE', null, 'ella.walsh@southerncross.demo.test', null, 20, 'FTE_50_75', public.portal_today() + interval '91 days', null, null, '0423 317 403', true, true, now() - interval '843 days', 6, null, null, now() - interval '2529 days', 6),
  (18, 3, 'MS', 'Noah', 'Young', 'other', null, 'EMPLOYEE', public.portal_today() - interval '2666 days', 'ACTIVE', null, 'noah.young@southerncross.demo.test', null, 38, 'FTE_75_100', public.portal_today() + interval '144 days', null, null, '0423 318 404', true, false, null, null, null, null, now() - interval '2666 days', 6),
  (19, 4, 'DR', 'Mia', 'Adams', 'gp', 'MED0001150461', 'OWNER', public.portal_today() - interval '2803 days', 'ACTIVE', null, 'mia.adams@bayview.demo.test', 'VR', 30.5, 'FTE_75_100', public.portal_today() + interval '197 days', 'RACGP', '501843', '0424 319 400', true, true, now() - interval '934 days', 11, null, 8, now() - interval '2803 days', 11),
  (20, 4, 'PROF', 'Anna', 'Grant', 'gp', 'MED0001158380', 'EMPLOYEE', public.portal_today() - interval '2940 days', 'ACTIVE', null, 'anna.grant@bayview.demo.test', 'VR', 24, 'FTE_50_75', public.portal_today() + interval '250 days', 'RACGP', '501940', '0424 320 401', true, true, now() - interval '980 days', 11, null, 9, now() - interval '2940 days', 11),
  (21, 4, 'MS', 'Chloe', 'Nguyen', 'nurse', 'NMW0002126147', 'EMPLOYEE', public.portal_today() - interval '3077 days', 'ACTIVE', null, 'chloe.nguyen@bayview.demo.test', null, 16, 'FTE_25_50', public.portal_today() + interval '303 days', null, null, '0424 321 402', true, false, null, null, null, null, now() - interval '3077 days', 11),
  (22, 4, 'MRS', 'Henry', 'Doyle', 'support', null, 'EMPLOYEE', public.portal_today() - interval '214 days', 'ACTIVE', null, 'henry.doyle@bayview.demo.test', null, 40, 'FTE_75_100', public.portal_today() + interval '-20 days', null, null, '0424 322 403', true, true, now() - interval '71 days', 11, null, null, now() - interval '214 days', 11),
  (23, 4, 'MRS', 'Rahul', 'Taylor', 'support', null, 'EMPLOYEE', public.portal_today() - interval '351 days', 'ACTIVE', null, 'rahul.taylor@bayview.demo.test', null, 20, 'FTE_50_75', public.portal_today() + interval '409 days', null, null, '0424 323 404', true, true, now() - interval '117 days', 11, null, null, now() - interval '351 days', 11),
  (24, 4, 'MR', 'Ethan', 'Walker', 'allied_health', 'PHY0003000312', 'EMPLOYEE', public.portal_today() - interval '488 days', 'ACTIVE', null, 'ethan.walker@bayview.demo.test', null, 38, 'FTE_75_100', public.portal_today() + interval '462 days', null, null, '0424 324 405', true, false, null, null, null, null, now() - interval '488 days', 11),
  (25, 5, 'DR', 'Zara', 'Scott', 'gp', 'MED0001197975', 'OWNER', public.portal_today() - interval '625 days', 'ACTIVE', null, 'zara.scott@wattlegrove.demo.test', 'VR', 30.5, 'FTE_75_100', public.portal_today() + interval '515 days', 'RACGP', '502425', '0425 325 400', true, true, now() - interval '208 days', 6, null, 10, now() - interval '625 days', 6),
  (26, 5, 'PROF', 'Mei', 'Hartmann', 'gp', 'MED0001205894', 'EMPLOYEE', public.portal_today() - interval '762 days', 'ACTIVE', null, 'mei.hartmann@wattlegrove.demo.test', 'VR', 24, 'FTE_50_75', public.portal_today() + interval '568 days', 'RACGP', '502522', '0425 326 401', true, true, now() - interval '254 days', 6, null, 11, now() - interval '762 days', 6),
  (27, 5, 'DR', 'Isla', 'White', 'gp', 'MED0001213813', 'CONTRACTOR', public.portal_today() - interval '899 days', 'ACTIVE', null, 'isla.white@wattlegrove.demo.test', 'FELLOWSHIP_PATHWAY', 16, 'FTE_25_50', public.portal_today() + interval '621 days', 'ACRRM', '502619', '0425 327 402', true, false, null, null, null, null, now() - interval '899 days', 6),
  (28, 5, 'MS', 'Oscar', 'Wright', 'nurse', 'NMW0002168196', 'EMPLOYEE', public.portal_today() - interval '1036 days', 'ACTIVE', null, 'oscar.wright@wattlegrove.demo.test', null, 40, 'FTE_75_100', public.portal_today() + interval '674 days', null, null, '0425 328 403', true, true, now() - interval '345 days', 6, null, 12, now() - interval '1036 days', 6),
  (29, 5, 'MRS', 'Sophie', 'Smith', 'support', null, 'EMPLOYEE', public.portal_today() - interval '1173 days', 'ACTIVE', null, 'sophie.smith@wattlegrove.demo.test', null, 20, 'FTE_50_75', public.portal_today() + interval '727 days', null, null, '0425 329 404', true, true, now() - interval '391 days', 6, null, null, now() - interval '1173 days', 6),
  (30, 5, 'MRS', 'Lucas', 'Lee', 'support', null, 'EMPLOYEE', public.portal_today() - interval '1310 days', 'INACTIVE', public.portal_today() - interval '60 days', 'lucas.lee@wattlegrove.demo.test', null, 38, 'FTE_75_100', public.portal_today() + interval '780 days', null, null, '0425 330 405', false, false, null, null, null, null, now() - interval '1310 days', 6),
  (31, 6, 'DR', 'Ruby', 'King', 'gp', 'MED0001245489', 'OWNER', public.portal_today() - interval '1447 days', 'ACTIVE', null, 'ruby.king@redcentre.demo.test', 'VR', 30.5, 'FTE_75_100', public.portal_today() + interval '833 days', 'RACGP', '503007', '0426 331 400', true, true, now() - interval '482 days', 6, null, 13, now() - interval '1447 days', 6),
  (32, 6, 'MS', 'Liam', 'Nguyen', 'nurse', 'NMW0002192224', 'EMPLOYEE', public.portal_today() - interval '1584 days', 'ACTIVE', null, 'liam.nguyen@redcentre.demo.test', null, 24, 'FTE_50_75', public.portal_today() + interval '886 days', null, null, '0426 332 401', true, true, now() - interval '528 days', 6, null, 14, now() - interval '1584 days', 6),
  (33, 6, 'MS', 'Ava', 'Turner', 'nurse', 'NMW0002198231', 'EMPLOYEE', public.portal_today() - interval '1721 days', 'ACTIVE', null, 'ava.turner@redcentre.demo.test', null, 16, 'FTE_25_50', public.portal_today() + interval '-20 days', null, null, '0426 333 402', true, false, null, null, null, null, now() - interval '1721 days', 6),
  (34, 6, 'MRS', 'Leo', 'Williams', 'support', null, 'EMPLOYEE', public.portal_today() - interval '1858 days', 'ACTIVE', null, 'leo.williams@redcentre.demo.test', null, 40, 'FTE_75_100', public.portal_today() + interval '92 days', null, null, '0426 334 403', true, true, now() - interval '619 days', 6, null, null, now() - interval '1858 days', 6),
  (35, 6, 'MR', 'Olivia', 'Adams', 'allied_health', 'PHY0003000455', 'EMPLOYEE', public.portal_today() - interval '1995 days', 'ACTIVE', null, 'olivia.adams@redcentre.demo.test', null, 20, 'FTE_50_75', public.portal_today() + interval '145 days', null, null, '0426 335 404', true, true, now() - interval '665 days', 6, null, null, now() - interval '1995 days', 6),
  (36, 6, 'MS', 'Jack', 'Jones', 'other', null, 'EMPLOYEE', public.portal_today() - interval '2132 days', 'ACTIVE', null, 'jack.jones@redcentre.demo.test', null, 38, 'FTE_75_100', public.portal_today() + interval '198 days', null, null, '0426 336 405', true, false, null, null, null, null, now() - interval '2132 days', 6),
  (37, 6, 'MRS', 'Ella', 'Hall', 'support', null, 'EMPLOYEE', public.portal_today() - interval '2269 days', 'ACTIVE', null, 'ella.hall@redcentre.demo.test', null, 30.5, 'FTE_75_100', public.portal_today() + interval '251 days', null, null, '0426 337 406', true, true, now() - interval '756 days', 6, null, null, now() - interval '2269 days', 6),
  (38, 7, 'DR', 'Noah', 'Green', 'gp', 'MED0001300922', 'OWNER', public.portal_today() - interval '2406 days', 'ACTIVE', null, 'noah.green@derwentvalley.demo.test', 'VR', 24, 'FTE_50_75', public.portal_today() + interval '304 days', 'RACGP', '503686', '0427 338 400', true, true, now() - interval '802 days', 9, null, 15, now() - interval '2406 days', 9),
  (39, 7, 'PROF', 'Mia', 'Lindqvist', 'gp', 'MED0001308841', 'EMPLOYEE', public.portal_today() - interval '2543 days', 'ACTIVE', null, 'mia.lindqvist@derwentvalley.demo.test', 'VR', 16, 'FTE_25_50', public.portal_today() + interval '357 days', 'ACRRM', '503783', '0427 339 401', true, false, null, null, null, null, now() - interval '2543 days', 9),
  (40, 7, 'MS', 'Anna', 'Bennett', 'nurse', 'NMW0002240280', 'EMPLOYEE', public.portal_today() - interval '2680 days', 'ACTIVE', null, 'anna.bennett@derwentvalley.demo.test', null, 40, 'FTE_75_100', public.portal_today() + interval '410 days', null, null, '0427 340 402', true, true, now() - interval '893 days', 9, null, 16, now() - interval '2680 days', 9),
  (41, 7, 'MRS', 'Chloe', 'Harris', 'support', null, 'EMPLOYEE', public.portal_today() - interval '2817 days', 'ACTIVE', null, 'chloe.harris@derwentvalley.demo.test', null, 20, 'FTE_50_75', public.portal_today() + interval '463 days', null, null, '0427 341 403', true, true, now() - interval '939 days', 9, null, null, now() - interval '2817 days', 9),
  (42, 8, 'DR', 'James', 'Wilson', 'gp', 'MED0001332598', 'OWNER', public.portal_today() - interval '2954 days', 'ACTIVE', null, 'james.wilson@demo.test', 'VR', 38, 'FTE_75_100', public.portal_today() + interval '516 days', 'ACRRM', '504074', '0428 342 400', true, false, null, null, 13, null, now() - interval '2954 days', 6),
  (43, 8, 'PROF', 'Rahul', 'White', 'gp', 'MED0001340517', 'EMPLOYEE', public.portal_today() - interval '3091 days', 'ACTIVE', null, 'rahul.white@capitalhill.demo.test', 'VR', 30.5, 'FTE_75_100', public.portal_today() + interval '569 days', 'RACGP', '504171', '0428 343 401', true, true, now() - interval '1030 days', 6, null, 17, now() - interval '3091 days', 6),
  (44, 8, 'DR', 'Ethan', 'Wright', 'gp', 'MED0001348436', 'CONTRACTOR', public.portal_today() - interval '228 days', 'ACTIVE', null, 'ethan.wright@capitalhill.demo.test', 'FELLOWSHIP_PATHWAY', 24, 'FTE_50_75', public.portal_today() + interval '-20 days', 'RACGP', '504268', '0428 344 402', true, true, now() - interval '76 days', 6, null, 18, now() - interval '228 days', 6),
  (45, 8, 'DR', 'Zara', 'Smith', 'gp', 'MED0001356355', 'EMPLOYEE', public.portal_today() - interval '365 days', 'ACTIVE', null, 'zara.smith@capitalhill.demo.test', 'VR', 16, 'FTE_25_50', public.portal_today() + interval '675 days', 'ACRRM', '504365', '0428 345 403', true, false, null, null, null, null, now() - interval '365 days', 6),
  (46, 8, 'MS', 'Mei', 'Lee', 'nurse', 'NMW0002276322', 'EMPLOYEE', public.portal_today() - interval '502 days', 'ACTIVE', null, 'mei.lee@capitalhill.demo.test', null, 40, 'FTE_75_100', public.portal_today() + interval '728 days', null, null, '0428 346 404', true, true, now() - interval '167 days', 6, null, 19, now() - interval '502 days', 6),
  (47, 8, 'MS', 'Isla', 'King', 'nurse', 'NMW0002282329', 'EMPLOYEE', public.portal_today() - interval '639 days', 'ACTIVE', null, 'isla.king@capitalhill.demo.test', null, 20, 'FTE_50_75', public.portal_today() + interval '781 days', null, null, '0428 347 405', true, true, now() - interval '213 days', 6, null, 20, now() - interval '639 days', 6),
  (48, 8, 'MRS', 'Oscar', 'Nguyen', 'support', null, 'EMPLOYEE', public.portal_today() - interval '776 days', 'ACTIVE', null, 'oscar.nguyen@capitalhill.demo.test', null, 38, 'FTE_75_100', public.portal_today() + interval '834 days', null, null, '0428 348 406', true, false, null, null, null, null, now() - interval '776 days', 6),
  (49, 8, 'MRS', 'Sophie', 'Martin', 'support', null, 'EMPLOYEE', public.portal_today() - interval '913 days', 'ACTIVE', null, 'sophie.martin@capitalhill.demo.test', null, 30.5, 'FTE_75_100', public.portal_today() + interval '887 days', null, null, '0428 349 407', true, true, now() - interval '304 days', 6, null, null, now() - interval '913 days', 6),
  (50, 8, 'MR', 'Lucas', 'Young', 'allied_health', 'PHY0003000650', 'EMPLOYEE', public.portal_today() - interval '1050 days', 'ACTIVE', null, 'lucas.young@capitalhill.demo.test', null, 24, 'FTE_50_75', public.portal_today() + interval '940 days', null, null, '0428 350 408', true, true, now() - interval '350 days', 6, null, null, now() - interval '1050 days', 6),
  (51, 8, 'MS', 'Ruby', 'Adams', 'other', null, 'EMPLOYEE', public.portal_today() - interval '1187 days', 'INACTIVE', public.portal_today() - interval '81 days', 'ruby.adams@capitalhill.demo.test', null, 16, 'FTE_25_50', public.portal_today() + interval '93 days', null, null, '0428 351 409', false, false, null, null, null, null, now() - interval '1187 days', 6),
  (52, 9, 'DR', 'Liam', 'Jones', 'gp', 'MED0001411788', 'OWNER', public.portal_today() - interval '1324 days', 'ACTIVE', null, 'liam.jones@lakesidedoctors.demo.test', 'VR', 40, 'FTE_75_100', public.portal_today() + interval '146 days', 'RACGP', '505044', '0429 352 400', true, true, now() - interval '441 days', 10, null, 21, now() - interval '1324 days', 10),
  (53, 9, 'MS', 'Ava', 'Hall', 'nurse', 'NMW0002318371', 'EMPLOYEE', public.portal_today() - interval '1461 days', 'ACTIVE', null, 'ava.hall@lakesidedoctors.demo.test', null, 20, 'FTE_50_75', public.portal_today() + interval '199 days', null, null, '0429 353 401', true, true, now() - interval '487 days', 10, null, 22, now() - interval '1461 days', 10),
  (54, 9, 'MRS', 'Leo', 'Green', 'support', null, 'EMPLOYEE', public.portal_today() - interval '1598 days', 'ACTIVE', null, 'leo.green@lakesidedoctors.demo.test', null, 38, 'FTE_75_100', public.portal_today() + interval '252 days', null, null, '0429 354 402', true, false, null, null, null, null, now() - interval '1598 days', 10),
  (55, 9, 'MRS', 'Olivia', 'Hughes', 'support', null, 'EMPLOYEE', public.portal_today() - interval '1735 days', 'ACTIVE', null, 'olivia.hughes@lakesidedoctors.demo.test', null, 30.5, 'FTE_75_100', public.portal_today() + interval '-20 days', null, null, '0429 355 403', true, true, now() - interval '578 days', 10, null, null, now() - interval '1735 days', 10),
  (56, 10, 'DR', 'Jack', 'Walker', 'gp', 'MED0001443464', 'OWNER', public.portal_today() - interval '1872 days', 'ACTIVE', null, 'jack.walker@hinterlanddoctors.demo.test', 'VR', 24, 'FTE_50_75', public.portal_today() + interval '358 days', 'RACGP', '505432', '0430 356 400', true, true, now() - interval '624 days', 6, null, 23, now() - interval '1872 days', 6),
  (57, 10, 'PROF', 'Ella', 'Sharma', 'gp', 'MED0001451383', 'EMPLOYEE', public.portal_today() - interval '2009 days', 'ACTIVE', null, 'ella.sharma@hinterlanddoctors.demo.test', 'VR', 16, 'FTE_25_50', public.portal_today() + interval '411 days', 'ACRRM', '505529', '0430 357 401', true, false, null, null, null, null, now() - interval '2009 days', 6),
  (58, 10, 'MS', 'Noah', 'Evans', 'nurse', 'NMW0002348406', 'EMPLOYEE', public.portal_today() - interval '2146 days', 'ACTIVE', null, 'noah.evans@hinterlanddoctors.demo.test', null, 40, 'FTE_75_100', public.portal_today() + interval '464 days', null, null, '0430 358 402', true, true, now() - interval '715 days', 6, null, 24, now() - interval '2146 days', 6),
  (59, 10, 'MRS', 'Mia', 'Cooper', 'support', null, 'EMPLOYEE', public.portal_today() - interval '2283 days', 'ACTIVE', null, 'mia.cooper@hinterlanddoctors.demo.test', null, 20, 'FTE_50_75', public.portal_today() + interval '517 days', null, null, '0430 359 403', true, true, now() - interval '761 days', 6, null, null, now() - interval '2283 days', 6),
  (60, 10, 'MR', 'Anna', 'Wright', 'allied_health', 'PHY0003000780', 'EMPLOYEE', public.portal_today() - interval '2420 days', 'ACTIVE', null, 'anna.wright@hinterlanddoctors.demo.test', null, 38, 'FTE_75_100', public.portal_today() + interval '570 days', null, null, '0430 360 404', true, false, null, null, null, null, now() - interval '2420 days', 6)
on conflict do nothing;

-- Staff invitations; the token travels only in the e-mail link, we keep its SHA-256 (here of a fixed demo string).
insert into public.invitations (id, practice_id, practice_staff_id, email, role, token_hash, status, invited_by_id, date_invited, expires_at, responded_at, accepted_user_id) overriding system value values
  (1, 1, 4, 'ethan.brennan@harbourside.demo.test', 'PM', encode(sha256(convert_to('demo-invite-1', 'UTF8')), 'hex'), 'REJECTED', 7, now() - interval '5 days', now() + interval '9 days', now() - interval '3 days', null),
  (2, 2, 10, 'rebecca.tan@demo.test', 'PM', encode(sha256(convert_to('demo-invite-2', 'UTF8')), 'hex'), 'ACCEPTED', 6, now() - interval '120 days', now() - interval '106 days', now() - interval '118 days', 12),
  (3, 2, 12, 'liam.wright@riverbend.demo.test', 'PM', encode(sha256(convert_to('demo-invite-3', 'UTF8')), 'hex'), 'REJECTED', 6, now() - interval '5 days', now() + interval '9 days', now() - interval '3 days', null),
  (4, 3, 17, 'ella.walsh@southerncross.demo.test', 'PM', encode(sha256(convert_to('demo-invite-4', 'UTF8')), 'hex'), 'INVITED', 6, now() - interval '5 days', now() + interval '9 days', null, null),
  (5, 4, 23, 'rahul.taylor@bayview.demo.test', 'PM', encode(sha256(convert_to('demo-invite-5', 'UTF8')), 'hex'), 'REJECTED', 11, now() - interval '5 days', now() + interval '9 days', now() - interval '3 days', null),
  (6, 5, 29, 'sophie.smith@wattlegrove.demo.test', 'PM', encode(sha256(convert_to('demo-invite-6', 'UTF8')), 'hex'), 'INVITED', 6, now() - interval '5 days', now() + interval '9 days', null, null),
  (7, 7, 40, 'anna.bennett@derwentvalley.demo.test', 'PM', encode(sha256(convert_to('demo-invite-7', 'UTF8')), 'hex'), 'REJECTED', 9, now() - interval '5 days', now() + interval '9 days', now() - interval '3 days', null),
  (8, 8, 42, 'james.wilson@demo.test', 'PM', encode(sha256(convert_to('demo-invite-8', 'UTF8')), 'hex'), 'ACCEPTED', 6, now() - interval '120 days', now() - interval '106 days', now() - interval '118 days', 13),
  (9, 9, 54, 'leo.green@lakesidedoctors.demo.test', 'PM', encode(sha256(convert_to('demo-invite-9', 'UTF8')), 'hex'), 'REJECTED', 10, now() - interval '5 days', now() + interval '9 days', now() - interval '3 days', null),
  (10, 10, 59, 'mia.cooper@hinterlanddoctors.demo.test', 'PM', encode(sha256(convert_to('demo-invite-10', 'UTF8')), 'hex'), 'INVITED', 6, now() - interval '5 days', now() + interval '9 days', null, null)
on conflict do nothing;

select setval(pg_get_serial_sequence('public.practice_networks', 'id'), (select max(id) from public.practice_networks));
select setval(pg_get_serial_sequence('public.addresses', 'id'), (select max(id) from public.addresses));
select setval(pg_get_serial_sequence('public.organisations', 'id'), (select max(id) from public.organisations));
select setval(pg_get_serial_sequence('public.practice_users', 'id'), (select max(id) from public.practice_users));
select setval(pg_get_serial_sequence('public.folders', 'id'), (select max(id) from public.folders));
select setval(pg_get_serial_sequence('public.contacts', 'id'), (select max(id) from public.contacts));
select setval(pg_get_serial_sequence('public.documents', 'id'), (select max(id) from public.documents));
select setval(pg_get_serial_sequence('public.practice_staff', 'id'), (select max(id) from public.practice_staff));
select setval(pg_get_serial_sequence('public.invitations', 'id'), (select max(id) from public.invitations));
