-- Document folders and documents. Documents are archived, never deleted.
create table public.folders (
  id integer generated always as identity primary key,
  -- Null for the provider's folders every practice has; set for a practice's own folder.
  practice_id integer references public.practices (organisation_id),
  name text not null check (length(trim(name)) > 0),
  code text references public.folder_code (value),
  visible boolean not null default true,
  empty_hidden boolean not null default false,
  sort_order integer not null default 0,
  archived boolean not null default false,
  created_at timestamptz not null default now()
);
comment on table public.folders is 'Folders that organise a practice''s documents.';
create unique index folders_code_unique on public.folders (code) where code is not null and practice_id is null and not archived;
create unique index folders_name_unique on public.folders (coalesce(practice_id, 0), lower(name)) where not archived;
create index folders_practice_id_idx on public.folders (practice_id);

create table public.documents (
  id integer generated always as identity primary key,
  practice_id integer not null references public.practices (organisation_id),
  folder_id integer not null references public.folders (id),
  name text not null check (length(trim(name)) > 0 and length(name) <= 255),
  -- Object key in the S3 bucket.
  storage_key text not null unique,
  file_size bigint check (file_size >= 0),
  file_type text,
  -- Set once the upload is verified in storage; until then the record is a pending upload.
  uploaded_at timestamptz,
  indicator_response_id integer,
  created_at timestamptz not null default now(),
  created_by_id integer references public.users (id) default public.current_app_user_id(),
  archived boolean not null default false,
  archived_at timestamptz,
  archived_by_id integer references public.users (id),
  constraint documents_archived_stamp check (archived = (archived_at is not null)),
  constraint documents_uploaded_has_size check (uploaded_at is null or (file_size is not null and file_type is not null))
);
comment on table public.documents is 'A file a practice keeps, stored in S3; archived instead of deleted.';
create index documents_practice_folder_idx on public.documents (practice_id, folder_id, created_at desc) where not archived;
create index documents_name_trgm_idx on public.documents using gin (name gin_trgm_ops);
create index documents_indicator_response_id_idx on public.documents (indicator_response_id) where indicator_response_id is not null;
create index documents_folder_id_idx on public.documents (folder_id);

alter table public.practices
  add constraint practices_previous_certificate_document_id_fkey
  foreign key (previous_certificate_document_id) references public.documents (id);
