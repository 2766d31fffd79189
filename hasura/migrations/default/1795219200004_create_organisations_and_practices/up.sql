-- Organisations and the practices they run. A practice is an organisation (organisation_id is
-- the spec's organisation_ptr_id), with the accreditation-specific fields of spec 000 §3.
create table public.addresses (
  id integer generated always as identity primary key,
  unit text,
  street text,
  address2 text,
  suburb text,
  state text references public.australian_state (value),
  postcode text check (postcode ~ '^[0-9]{4}$'),
  country text not null default 'AU' check (country ~ '^[A-Z]{2}$'),
  lat numeric(9, 6) check (lat between -90 and 90),
  lng numeric(9, 6) check (lng between -180 and 180)
);
comment on table public.addresses is 'Postal, billing and physical addresses.';
create index addresses_suburb_trgm_idx on public.addresses using gin (suburb gin_trgm_ops);
create index addresses_state_idx on public.addresses (state);

create table public.organisations (
  id integer generated always as identity primary key,
  name text not null check (length(trim(name)) > 0),
  legal_entity_name text,
  -- Australian Business Number: 11 digits.
  abn text check (abn ~ '^[0-9]{11}$'),
  structure text references public.organisation_structure (value),
  email citext check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  billing_email citext check (billing_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  website text,
  phone text,
  fax text,
  physical_address_id integer references public.addresses (id),
  postal_address_id integer references public.addresses (id),
  billing_address_id integer references public.addresses (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.organisations is 'Legal and contact details of an organisation.';
create index organisations_name_trgm_idx on public.organisations using gin (name gin_trgm_ops);
create index organisations_name_idx on public.organisations (lower(name));
create index organisations_physical_address_id_idx on public.organisations (physical_address_id);
create trigger organisations_set_updated_at before update on public.organisations for each row execute function public.set_updated_at();

create table public.practice_networks (
  id integer generated always as identity primary key,
  name text not null unique check (length(trim(name)) > 0),
  abn text check (abn ~ '^[0-9]{11}$'),
  created_at timestamptz not null default now()
);
comment on table public.practice_networks is 'Networks (corporate groups) practices may belong to.';

create table public.practices (
  organisation_id integer primary key references public.organisations (id),
  status text not null default 'APPLICATION' references public.practice_status (value),
  active_status text not null default 'ACTIVE' references public.active_status (value),
  network_id integer references public.practice_networks (id),
  is_in_practice_network boolean not null default false,
  practice_type text references public.practice_type (value),
  mmm text references public.mmm_classification (value),
  phn text,
  pip_id text,
  meets_gp_definition boolean,
  is_amds boolean not null default false,
  is_branch boolean not null default false,
  branch_or_main text references public.branch_or_main (value),
  is_first_accreditation boolean not null default true,
  is_receiving_incentives boolean not null default false,
  previous_provider text,
  previous_standard text,
  previous_expiry_date date,
  -- Set once migration 06 has created documents.
  previous_certificate_document_id integer,
  first_application_started_date date,
  initial_swpe numeric(10, 2) check (initial_swpe >= 0),
  tnc_signed boolean not null default false,
  authorization_signed boolean not null default false,
  is_staff_first_view boolean not null default true,
  is_documents_first_view boolean not null default true,
  show_message_after_renewal_payment boolean not null default false,
  doctor_head_count integer not null default 0 check (doctor_head_count >= 0),
  doctor_max_count integer not null default 0 check (doctor_max_count >= 0),
  nurse_head_count integer not null default 0 check (nurse_head_count >= 0),
  nurse_max_count integer not null default 0 check (nurse_max_count >= 0),
  allied_health_head_count integer not null default 0 check (allied_health_head_count >= 0),
  allied_health_max_count integer not null default 0 check (allied_health_max_count >= 0),
  support_staff_head_count integer not null default 0 check (support_staff_head_count >= 0),
  support_staff_max_count integer not null default 0 check (support_staff_max_count >= 0),
  -- Pointer to the practice's latest non-archived accreditation, kept by a trigger on
  -- accreditations so the practice list can order and filter by it with an index join.
  current_accreditation_id integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint practices_network_flag check (network_id is null or is_in_practice_network),
  constraint practices_branch_flag check (branch_or_main is null or (branch_or_main = 'BRANCH') = is_branch)
);
comment on table public.practices is 'A medical practice accredited by the provider; its key is its organisation''s id.';
comment on column public.practices.organisation_id is 'The organisation this practice is (organisation_ptr_id).';
create index practices_status_idx on public.practices (status);
create index practices_network_id_idx on public.practices (network_id);
create trigger practices_set_updated_at before update on public.practices for each row execute function public.set_updated_at();

create table public.practice_users (
  id integer generated always as identity primary key,
  practice_id integer not null references public.practices (organisation_id),
  user_id integer not null references public.users (id),
  role text not null references public.practice_role (value),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  unique (practice_id, user_id, role)
);
comment on table public.practice_users is 'Who works on a practice, and as what: practice manager (PM) or surveyor (SU).';
create index practice_users_user_id_idx on public.practice_users (user_id, practice_id) where active;
