-- When a download first found the document's object missing from storage (issue 14): the web
-- shows the document as unavailable, and the service logs the loss once, at this first stamp.
alter table public.documents add column object_missing_at timestamptz;
comment on column public.documents.object_missing_at is 'When a download first found the object missing from storage; null while it is there.';
