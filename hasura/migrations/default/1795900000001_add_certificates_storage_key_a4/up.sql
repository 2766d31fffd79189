-- Issue 17 (issue certificate): a certificate is stored in both sizes when it is issued (the
-- issued file is the record; spec 001 §5 'Download certificate: size A3 (default) or A4').
-- storage_key holds the A3 file, storage_key_a4 the A4 one; certificates from before (the demo
-- ones) get their A4 file made and stored the first time it is downloaded.
alter table public.certificates add column storage_key_a4 text;
comment on column public.certificates.storage_key_a4 is 'Object key of the A4 PDF (storage_key holds the A3 one).';
