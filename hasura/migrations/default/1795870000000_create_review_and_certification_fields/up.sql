-- Issue 17 (review, action plan, approval, certification): the columns and the one table the
-- steps after a survey's last submission need. Rules live in packages/domain and the actions
-- service; this migration only gives them a place to record what they decide.

-- Which indicators are mandatory. The scheme's repeat-assessment rule (20 % or more of the
-- mandatory indicators NOT_MET at the initial survey) counts only these; an aspirational
-- indicator (false) is rated the same way but does not count towards it. Data, per edition.
alter table public.indicators add column mandatory boolean not null default true;
comment on column public.indicators.mandatory is 'Counts towards the repeat-assessment rule (20 % of mandatory indicators NOT_MET); false for aspirational indicators.';

-- The action plan entered per NOT_MET indicator while the survey is under review: what the
-- practice must do to close the non-conformity (spec 001 §5 "every indicator marked Not met must
-- have an action plan entered" before 'Action required').
alter table public.indicator_responses add column action_plan text
  check (action_plan is null or length(action_plan) <= 5000);
comment on column public.indicator_responses.action_plan is 'The action the practice must take to close this non-conformity, entered by the reviewer.';

-- What approval decided about the scheme's repeat assessment (null until approved).
alter table public.assessments add column repeat_assessment_required boolean;
comment on column public.assessments.repeat_assessment_required is 'Set at approval: 20 % or more of the mandatory indicators were NOT_MET at the initial survey.';

-- Every status change of an assessment made through an action, with who, when and why: the
-- audited record of review decisions, approval, certification and reopening (audit_log also
-- keeps the row changes; this is the readable history).
create table public.assessment_status_changes (
  id integer generated always as identity primary key,
  assessment_id integer not null references public.assessments (id),
  from_status text not null references public.assessment_status (value),
  to_status text not null references public.assessment_status (value),
  changed_by_id integer references public.users (id),
  changed_at timestamptz not null default now(),
  reason text check (reason is null or length(reason) <= 2000),
  detail jsonb not null default '{}' check (jsonb_typeof(detail) = 'object')
);
comment on table public.assessment_status_changes is 'History of assessment status changes made by actions (who, when, why).';
create index assessment_status_changes_assessment_idx on public.assessment_status_changes (assessment_id, changed_at desc);

-- Certificates: the number printed on it, the code a funding body verifies it with (/verify/:code),
-- and what replaced it.
alter table public.certificates
  add column certificate_number text unique,
  add column verification_code text unique check (verification_code is null or verification_code ~ '^[A-Z0-9]{4}(-[A-Z0-9]{4}){2}$'),
  add column superseded_at timestamptz,
  add column superseded_by_id integer references public.certificates (id),
  add column issued_by_id integer references public.users (id);
comment on column public.certificates.certificate_number is 'The number printed on the certificate.';
comment on column public.certificates.verification_code is 'Public code (XXXX-XXXX-XXXX) that /verify/:code checks.';
create unique index certificates_one_valid_per_assessment on public.certificates (assessment_id)
  where validity = 'VALID' and assessment_id is not null;

create trigger assessment_status_changes_audit after insert or update or delete on public.assessment_status_changes
  for each row execute function public.audit_row('id');
