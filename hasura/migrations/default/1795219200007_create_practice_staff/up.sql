-- The staff register of a practice, and invitations to join a practice.
create table public.practice_staff (
  id integer generated always as identity primary key,
  practice_id integer not null references public.practices (organisation_id),
  title text references public.person_title (value),
  first_name text not null check (length(trim(first_name)) > 0 and length(first_name) <= 150),
  last_name text not null check (length(trim(last_name)) > 0 and length(last_name) <= 150),
  type text not null references public.staff_type (value),
  registration_num text,
  employment_type text references public.employment_type (value),
  start_date date,
  employment_status text not null default 'ACTIVE' references public.employment_status (value),
  resignation_date date,
  email citext check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  vr_status text references public.vr_status (value),
  hours_per_week numeric(5, 2) check (hours_per_week between 0 and 168),
  fte_band text references public.fte_band (value),
  cpr_expiry date,
  -- Quality improvement and CPD program the staff member is in, and their program number.
  qicpd text,
  qa_cpd_num text,
  phone_country_code text not null default 'AU' check (phone_country_code ~ '^[A-Z]{2}$'),
  phone text,
  active boolean not null default true,
  verified boolean not null default false,
  verified_at timestamptz,
  verified_by_id integer references public.users (id),
  archived boolean not null default false,
  user_id integer references public.users (id),
  primary_qualification_document_id integer references public.documents (id),
  secondary_qualification_document_id integer references public.documents (id),
  cpd_evidence_document_id integer references public.documents (id),
  training_evidence_document_id integer references public.documents (id),
  cpr_evidence_document_id integer references public.documents (id),
  created_at timestamptz not null default now(),
  created_by_id integer references public.users (id) default public.current_app_user_id(),
  updated_at timestamptz not null default now(),
  -- An active staff member has no resignation date (spec 000 §4).
  constraint practice_staff_active_not_resigned check (employment_status <> 'ACTIVE' or resignation_date is null),
  constraint practice_staff_resigned_after_start
    check (resignation_date is null or start_date is null or resignation_date >= start_date),
  constraint practice_staff_vr_for_gp_only check (vr_status is null or type = 'gp'),
  constraint practice_staff_verified_stamp check (not verified or verified_at is not null)
);
comment on table public.practice_staff is 'The staff register of a practice (spec 000 §3).';
create index practice_staff_practice_id_idx on public.practice_staff (practice_id, last_name, first_name) where not archived;
create index practice_staff_registration_num_trgm_idx on public.practice_staff using gin (registration_num gin_trgm_ops);
create index practice_staff_user_id_idx on public.practice_staff (user_id);
create trigger practice_staff_set_updated_at before update on public.practice_staff for each row execute function public.set_updated_at();

-- Invitations to a practice, sent by e-mail; the token travels only in the link, we keep its hash.
create table public.invitations (
  id integer generated always as identity primary key,
  practice_id integer not null references public.practices (organisation_id),
  practice_staff_id integer references public.practice_staff (id),
  email citext not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  role text not null default 'PM' references public.practice_role (value),
  token_hash text not null unique,
  status text not null default 'INVITED' references public.invite_status (value),
  invited_by_id integer references public.users (id) default public.current_app_user_id(),
  date_invited timestamptz not null default now(),
  expires_at timestamptz not null,
  responded_at timestamptz,
  accepted_user_id integer references public.users (id),
  constraint invitations_expiry_after_invite check (expires_at > date_invited),
  constraint invitations_accepted_has_user check ((status = 'ACCEPTED') = (accepted_user_id is not null))
);
comment on table public.invitations is 'Invitations to join a practice (staff invites among them).';
create index invitations_practice_staff_id_idx on public.invitations (practice_staff_id, date_invited desc);
create index invitations_practice_id_idx on public.invitations (practice_id);
