-- Requests for assistance sent from a self assessment (spec 001 §2, 002 §1): the record of what
-- was asked, by whom and when, and what the actions service counts to keep one user from flooding
-- a QAM's mailbox (ASSISTANCE_REQUESTS_PER_HOUR). Not tracked: only the actions service reads it;
-- the e-mail itself is in email_outbox.
create table public.assistance_requests (
  id integer generated always as identity primary key,
  assessment_id integer not null references public.assessments (id),
  user_id integer not null references public.users (id),
  message text not null check (length(trim(message)) > 0),
  email_outbox_id integer references public.email_outbox (id),
  created_at timestamptz not null default now()
);
comment on table public.assistance_requests is 'Requests for assistance from a self assessment, e-mailed to its QAM.';
create index assistance_requests_user_created_idx on public.assistance_requests (user_id, created_at desc);
create index assistance_requests_assessment_idx on public.assistance_requests (assessment_id);
