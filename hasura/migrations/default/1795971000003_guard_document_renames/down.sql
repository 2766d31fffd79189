drop trigger documents_name_guard on public.documents;
drop function public.documents_name_guard();
drop function public.file_extension(text);
drop function public.trim_white_space(text);
