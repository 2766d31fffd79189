drop trigger documents_stamp_archive on public.documents;
drop function public.stamp_document_archive();
drop trigger practice_staff_guard on public.practice_staff;
drop function public.practice_staff_guard();
drop function public.has_practice_role(integer, integer, text);
