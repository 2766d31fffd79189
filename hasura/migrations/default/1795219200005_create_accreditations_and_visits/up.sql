-- Accreditation cycles, their nominated contacts, survey visits and renewals.
create table public.contacts (
  id integer generated always as identity primary key,
  practice_id integer not null references public.practices (organisation_id),
  first_name text not null default '',
  last_name text not null default '',
  type text references public.contact_type (value),
  user_id integer references public.users (id),
  email citext check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone_country_code text not null default 'AU' check (phone_country_code ~ '^[A-Z]{2}$'),
  phone text,
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.contacts is 'People a practice nominates as contacts (accreditation, GP, nurse, support).';
create index contacts_practice_id_idx on public.contacts (practice_id);
create trigger contacts_set_updated_at before update on public.contacts for each row execute function public.set_updated_at();

create table public.survey_versions (
  id integer generated always as identity primary key,
  code text not null unique,
  name text not null,
  effective_from date,
  is_current boolean not null default false,
  created_at timestamptz not null default now()
);
comment on table public.survey_versions is 'An edition of the standards that assessments are made against.';
create unique index survey_versions_one_current on public.survey_versions (is_current) where is_current;

create table public.accreditations (
  id integer generated always as identity primary key,
  practice_id integer not null references public.practices (organisation_id),
  status text not null default 'OPEN' references public.accreditation_status (value),
  survey_version_id integer references public.survey_versions (id),
  qam_id integer references public.users (id),
  application_date date,
  accreditation_decision_date date,
  self_assessment_due date,
  survey_visit_due date,
  expiry_date date,
  -- Extension of the expiry date, when one was granted.
  ext_date date,
  swpe numeric(10, 2) check (swpe >= 0),
  is_first_view boolean not null default true,
  nominated_accreditation_contact_id integer references public.contacts (id),
  nominated_gp_contact_id integer references public.contacts (id),
  nominated_nurse_contact_id integer references public.contacts (id),
  nominated_support_contact_id integer references public.contacts (id),
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint accreditations_extension_after_expiry check (ext_date is null or expiry_date is null or ext_date >= expiry_date),
  constraint accreditations_decision_after_application
    check (accreditation_decision_date is null or application_date is null or accreditation_decision_date >= application_date)
);
comment on table public.accreditations is 'One accreditation cycle of a practice.';
-- A practice has at most one open cycle at a time.
create unique index accreditations_one_open_per_practice on public.accreditations (practice_id)
  where status = 'OPEN' and not archived;
create index accreditations_practice_id_idx on public.accreditations (practice_id, created_at desc) where not archived;
create index accreditations_expiry_date_idx on public.accreditations (expiry_date);
create index accreditations_qam_id_idx on public.accreditations (qam_id);
create trigger accreditations_set_updated_at before update on public.accreditations for each row execute function public.set_updated_at();

alter table public.practices
  add constraint practices_current_accreditation_id_fkey
  foreign key (current_accreditation_id) references public.accreditations (id) deferrable initially deferred;
create index practices_current_accreditation_id_idx on public.practices (current_accreditation_id);

-- Keeps practices.current_accreditation_id on the latest non-archived accreditation.
create or replace function public.refresh_current_accreditation() returns trigger
language plpgsql as $$
declare
  target integer := coalesce(new.practice_id, old.practice_id);
begin
  update public.practices p
     set current_accreditation_id = (
       select a.id from public.accreditations a
        where a.practice_id = target and not a.archived
        order by a.created_at desc, a.id desc limit 1)
   where p.organisation_id = target
     and p.current_accreditation_id is distinct from (
       select a.id from public.accreditations a
        where a.practice_id = target and not a.archived
        order by a.created_at desc, a.id desc limit 1);
  if tg_op = 'UPDATE' and old.practice_id <> new.practice_id then
    update public.practices p
       set current_accreditation_id = (
         select a.id from public.accreditations a
          where a.practice_id = old.practice_id and not a.archived
          order by a.created_at desc, a.id desc limit 1)
     where p.organisation_id = old.practice_id;
  end if;
  return null;
end
$$;
create trigger accreditations_refresh_current
  after insert or update of practice_id, archived, created_at or delete on public.accreditations
  for each row execute function public.refresh_current_accreditation();

create table public.survey_visits (
  id integer generated always as identity primary key,
  accreditation_id integer not null references public.accreditations (id),
  type text not null default 'ACCREDITATION' references public.visit_type (value),
  status text not null default 'PLANNING' references public.visit_status (value),
  date date,
  due date,
  start_time time,
  end_time time,
  reason_for_visit text,
  confirmation_form_status text not null default 'NOT_SENT' references public.confirmation_form_status (value),
  date_preferred_days_notif_sent timestamptz,
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint survey_visits_times_ordered check (start_time is null or end_time is null or end_time > start_time)
);
comment on table public.survey_visits is 'A visit by surveyors to a practice within an accreditation cycle.';
create index survey_visits_accreditation_id_idx on public.survey_visits (accreditation_id);
create index survey_visits_status_due_idx on public.survey_visits (status, due);
create trigger survey_visits_set_updated_at before update on public.survey_visits for each row execute function public.set_updated_at();

create table public.survey_visitors (
  id integer generated always as identity primary key,
  survey_visit_id integer not null references public.survey_visits (id),
  user_id integer not null references public.users (id),
  status text not null default 'OFFERED' references public.visitor_status (value),
  is_lead boolean not null default false,
  actual_start_time time,
  actual_end_time time,
  hours_worked_before_visit numeric(5, 2) check (hours_worked_before_visit between 0 and 999),
  hours_worked_after_visit numeric(5, 2) check (hours_worked_after_visit between 0 and 999),
  hours_worked_confirmed boolean not null default false,
  created_at timestamptz not null default now(),
  unique (survey_visit_id, user_id),
  constraint survey_visitors_times_ordered
    check (actual_start_time is null or actual_end_time is null or actual_end_time > actual_start_time)
);
comment on table public.survey_visitors is 'A surveyor on a survey visit, with the hours they report on submission.';
create index survey_visitors_user_id_idx on public.survey_visitors (user_id);
create unique index survey_visitors_one_lead on public.survey_visitors (survey_visit_id) where is_lead;

create table public.preferred_days (
  id integer generated always as identity primary key,
  survey_visit_id integer not null references public.survey_visits (id),
  user_id integer not null references public.users (id),
  day date not null,
  available boolean not null default true,
  -- Why the surveyor is unavailable that day.
  reason text,
  created_at timestamptz not null default now(),
  unique (survey_visit_id, user_id, day),
  constraint preferred_days_reason_when_unavailable check (available or reason is not null)
);
comment on table public.preferred_days is 'Days a surveyor can or cannot do a visit (availability).';
create index preferred_days_user_id_idx on public.preferred_days (user_id);

create table public.reapplications (
  id integer generated always as identity primary key,
  practice_id integer not null references public.practices (organisation_id),
  accreditation_id integer references public.accreditations (id),
  status text not null default 'DUE' references public.reapplication_status (value),
  due_date date,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.reapplications is 'A renewal of accreditation: due, awaiting payment, completed.';
create index reapplications_practice_id_idx on public.reapplications (practice_id, status);
create unique index reapplications_one_active_per_practice on public.reapplications (practice_id)
  where status in ('DUE', 'PAYMENT_PENDING');
create trigger reapplications_set_updated_at before update on public.reapplications for each row execute function public.set_updated_at();
