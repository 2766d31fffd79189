drop trigger documents_review_date_default on public.documents;
drop function public.documents_review_date_default();
alter table public.documents drop constraint documents_review_after_effective;
alter table public.documents drop column review_date;
alter table public.documents drop column effective_date;
alter table public.folders drop constraint folders_review_months_range;
alter table public.folders drop column review_months;
