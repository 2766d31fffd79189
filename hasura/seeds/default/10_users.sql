-- Demo users. Every account here signs in with the password Demo-pass-1.
-- The hash is scrypt (N=16384, r=8, p=1, 64-byte key) with a FIXED demo salt: the 16 UTF-8 bytes of
-- 'portal-demo-salt' (base64url cG9ydGFsLWRlbW8tc2FsdA). Demo data only; real hashes use a random salt.
-- Recompute: crypto.scryptSync('Demo-pass-1', Buffer.from('portal-demo-salt'), 64, {N: 16384, r: 8, p: 1}).
-- Seeds are re-runnable: fixed ids, on conflict do nothing, identity sequences bumped at the end.

insert into public.users
  (id, email, password_hash, title, first_name, last_name, phone, is_staff, is_active, is_admin, is_qam,
   is_superadmin, is_surveyor, has_special_access, created_at)
overriding system value values
  (1, 'admin@demo.test', 'scrypt$16384$8$1$cG9ydGFsLWRlbW8tc2FsdA$Mm34ObIOhZ7vX29VLFfIbBCWzXpVtUYVvZlX6r8Z9ygMKcpRSHxPDnju9aS82O0XmLumsRq4H5PAa1dev9tLEQ', 'MS', 'Priya', 'Raman', '02 9000 1001', true, true, true, false, true, false, true, now() - interval '4 years'),
  (2, 'qam@demo.test', 'scrypt$16384$8$1$cG9ydGFsLWRlbW8tc2FsdA$Mm34ObIOhZ7vX29VLFfIbBCWzXpVtUYVvZlX6r8Z9ygMKcpRSHxPDnju9aS82O0XmLumsRq4H5PAa1dev9tLEQ', 'MS', 'Helen', 'Murray', '02 9000 1002', true, true, false, true, false, false, false, now() - interval '4 years'),
  (3, 'surveyor@demo.test', 'scrypt$16384$8$1$cG9ydGFsLWRlbW8tc2FsdA$Mm34ObIOhZ7vX29VLFfIbBCWzXpVtUYVvZlX6r8Z9ygMKcpRSHxPDnju9aS82O0XmLumsRq4H5PAa1dev9tLEQ', 'DR', 'Michael', 'O''Brien', '0412 000 003', false, true, false, false, false, true, false, now() - interval '3 years'),
  (4, 'surveyor2@demo.test', 'scrypt$16384$8$1$cG9ydGFsLWRlbW8tc2FsdA$Mm34ObIOhZ7vX29VLFfIbBCWzXpVtUYVvZlX6r8Z9ygMKcpRSHxPDnju9aS82O0XmLumsRq4H5PAa1dev9tLEQ', 'DR', 'Aisha', 'Khan', '0412 000 004', false, true, false, false, false, true, false, now() - interval '3 years'),
  (5, 'surveyor3@demo.test', 'scrypt$16384$8$1$cG9ydGFsLWRlbW8tc2FsdA$Mm34ObIOhZ7vX29VLFfIbBCWzXpVtUYVvZlX6r8Z9ygMKcpRSHxPDnju9aS82O0XmLumsRq4H5PAa1dev9tLEQ', 'MR', 'Tom', 'Whitaker', '0412 000 005', false, true, false, false, false, true, false, now() - interval '2 years'),
  (6, 'pm@demo.test', 'scrypt$16384$8$1$cG9ydGFsLWRlbW8tc2FsdA$Mm34ObIOhZ7vX29VLFfIbBCWzXpVtUYVvZlX6r8Z9ygMKcpRSHxPDnju9aS82O0XmLumsRq4H5PAa1dev9tLEQ', 'MRS', 'Sarah', 'Mitchell', '0413 000 006', false, true, false, false, false, false, false, now() - interval '3 years'),
  (7, 'pm.single@demo.test', 'scrypt$16384$8$1$cG9ydGFsLWRlbW8tc2FsdA$Mm34ObIOhZ7vX29VLFfIbBCWzXpVtUYVvZlX6r8Z9ygMKcpRSHxPDnju9aS82O0XmLumsRq4H5PAa1dev9tLEQ', 'MR', 'Daniel', 'Costa', '0413 000 007', false, true, false, false, false, false, false, now() - interval '70 days'),
  (8, 'newuser@demo.test', 'scrypt$16384$8$1$cG9ydGFsLWRlbW8tc2FsdA$Mm34ObIOhZ7vX29VLFfIbBCWzXpVtUYVvZlX6r8Z9ygMKcpRSHxPDnju9aS82O0XmLumsRq4H5PAa1dev9tLEQ', null, 'Jordan', 'Lee', null, false, true, false, false, false, false, false, now() - interval '1 day'),
  (9, 'pm.tas@demo.test', 'scrypt$16384$8$1$cG9ydGFsLWRlbW8tc2FsdA$Mm34ObIOhZ7vX29VLFfIbBCWzXpVtUYVvZlX6r8Z9ygMKcpRSHxPDnju9aS82O0XmLumsRq4H5PAa1dev9tLEQ', 'MS', 'Fiona', 'McLeod', '0413 000 009', false, true, false, false, false, false, false, now() - interval '2 years'),
  (10, 'pm.newcastle@demo.test', 'scrypt$16384$8$1$cG9ydGFsLWRlbW8tc2FsdA$Mm34ObIOhZ7vX29VLFfIbBCWzXpVtUYVvZlX6r8Z9ygMKcpRSHxPDnju9aS82O0XmLumsRq4H5PAa1dev9tLEQ', 'MS', 'Grace', 'Pham', '0413 000 010', false, true, false, false, false, false, false, now() - interval '10 days'),
  (11, 'pm.perth@demo.test', 'scrypt$16384$8$1$cG9ydGFsLWRlbW8tc2FsdA$Mm34ObIOhZ7vX29VLFfIbBCWzXpVtUYVvZlX6r8Z9ygMKcpRSHxPDnju9aS82O0XmLumsRq4H5PAa1dev9tLEQ', 'MRS', 'Kylie', 'Anderson', '0413 000 011', false, true, false, false, false, false, false, now() - interval '3 years'),
  (12, 'rebecca.tan@demo.test', 'scrypt$16384$8$1$cG9ydGFsLWRlbW8tc2FsdA$Mm34ObIOhZ7vX29VLFfIbBCWzXpVtUYVvZlX6r8Z9ygMKcpRSHxPDnju9aS82O0XmLumsRq4H5PAa1dev9tLEQ', 'MS', 'Rebecca', 'Tan', '0413 000 012', false, true, false, false, false, false, false, now() - interval '100 days'),
  (13, 'james.wilson@demo.test', 'scrypt$16384$8$1$cG9ydGFsLWRlbW8tc2FsdA$Mm34ObIOhZ7vX29VLFfIbBCWzXpVtUYVvZlX6r8Z9ygMKcpRSHxPDnju9aS82O0XmLumsRq4H5PAa1dev9tLEQ', 'DR', 'James', 'Wilson', '0413 000 013', false, true, false, false, false, false, false, now() - interval '200 days')
on conflict do nothing;

-- surveyor@demo.test is a GP: the peer reviewer survey planning asks for on an ACCREDITATION visit.
insert into public.surveyor_profiles (user_id, rate_classification, home_state, active, is_gp, created_at) values
  (3, 'LEAD', 'NSW', true, true, now() - interval '3 years'),
  (4, 'SENIOR', 'VIC', true, false, now() - interval '3 years'),
  (5, 'STANDARD', 'QLD', true, false, now() - interval '2 years')
on conflict do nothing;

select setval(pg_get_serial_sequence('public.users', 'id'), (select max(id) from public.users));
