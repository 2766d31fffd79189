alter table public.practices drop constraint practices_previous_certificate_document_id_fkey;
drop table public.documents;
drop table public.folders;
