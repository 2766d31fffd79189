drop trigger users_admin_email_notice on public.users;
drop trigger users_admin_guard on public.users;
drop function public.users_admin_email_notice();
drop function public.users_admin_guard();
