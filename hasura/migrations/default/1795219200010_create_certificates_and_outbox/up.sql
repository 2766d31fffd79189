-- Certificates issued to practices, and e-mail waiting to be sent.
create table public.certificates (
  id integer generated always as identity primary key,
  practice_id integer not null references public.practices (organisation_id),
  accreditation_id integer references public.accreditations (id),
  assessment_id integer references public.assessments (id),
  type text not null default 'ACCREDITATION' references public.certificate_type (value),
  validity text not null default 'VALID' references public.certificate_validity (value),
  name text not null,
  issuing_provider text not null,
  -- Object key of the generated PDF in the S3 bucket.
  storage_key text,
  certification_date date not null,
  issue_date date not null,
  commencement_date date,
  expiry_date date not null,
  condition text,
  certified_by_id integer references public.users (id),
  created_at timestamptz not null default now(),
  constraint certificates_expiry_after_issue check (expiry_date > issue_date),
  constraint certificates_issue_not_before_certification check (issue_date >= certification_date)
);
comment on table public.certificates is 'Certificates of accreditation (and registration, extension) issued to practices.';
create index certificates_practice_id_idx on public.certificates (practice_id, validity);
create index certificates_accreditation_id_idx on public.certificates (accreditation_id);

create table public.email_outbox (
  id integer generated always as identity primary key,
  to_address citext not null check (to_address ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  subject text not null,
  text_body text not null,
  html_body text,
  template text,
  status text not null default 'PENDING' references public.email_status (value),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint email_outbox_sent_stamp check ((status = 'SENT') = (sent_at is not null))
);
comment on table public.email_outbox is 'E-mail to send; a worker delivers it by SMTP or leaves it for the dev mailbox.';
create index email_outbox_pending_idx on public.email_outbox (created_at) where status = 'PENDING';
