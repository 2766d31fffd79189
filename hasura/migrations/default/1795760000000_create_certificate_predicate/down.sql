alter table public.certificates drop column has_file;
drop function public.certificate_can_read(public.certificates, json);
