drop table public.invitations;
drop table public.practice_staff;
