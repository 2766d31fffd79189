-- Survey planning groundwork (issue 15): why a visit is made (a choice list), who may be offered a
-- visit (GP surveyors for peer review, declared conflicts of interest) and how a surveyor answered
-- an offer. The planning actions, the offers page and the preferred-days page all read these.

create table public.visit_reason (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.visit_reason is 'Why a survey visit is made (the planning choice list).';
insert into public.visit_reason (value, comment) values
  ('INITIAL_ACCREDITATION', 'Initial accreditation'),
  ('REACCREDITATION', 'Re-accreditation (renewal of the cycle)'),
  ('MID_CYCLE_SURVEILLANCE', 'Mid-cycle surveillance'),
  ('RELOCATION', 'Practice relocation or new premises'),
  ('GAP_ASSESSMENT', 'Gap assessment against a new edition of the standards'),
  ('FOLLOW_UP', 'Follow-up of non-conformities'),
  ('COMPLAINT', 'In response to a complaint or notification');
-- Visits made before the choice list keep their words; new ones take a value of the list.
alter table public.survey_visits add column reason text references public.visit_reason (value);

-- Peer review: the team of an ACCREDITATION visit includes a general practitioner.
alter table public.surveyor_profiles add column is_gp boolean not null default false;

-- A surveyor's declared conflicts of interest: a practice or a whole network they worked for or
-- consulted to. A conflict counts while any part of [from_date, coalesce(to_date, today)] lies
-- within the previous three years; archived conflicts never count (archive, never delete).
create table public.surveyor_conflicts (
  id integer generated always as identity primary key,
  user_id integer not null references public.users (id),
  practice_id integer references public.practices (organisation_id),
  network_id integer references public.practice_networks (id),
  reason text not null check (length(btrim(reason)) between 1 and 500),
  from_date date,
  to_date date,
  archived boolean not null default false,
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint surveyor_conflicts_one_subject check ((practice_id is null) <> (network_id is null)),
  constraint surveyor_conflicts_dates_ordered check (from_date is null or to_date is null or to_date >= from_date)
);
comment on table public.surveyor_conflicts is 'Practices or networks a surveyor declared a conflict of interest with.';
create index surveyor_conflicts_user_id_idx on public.surveyor_conflicts (user_id) where not archived;
create trigger surveyor_conflicts_set_updated_at before update on public.surveyor_conflicts
  for each row execute function public.set_updated_at();

-- The reason a surveyor may not be offered a visit to a practice (a declared conflict within the
-- previous three years, with the practice itself or its network), or null. The one home of the
-- rule: the planning list, the offer action and the offers page all call it.
create or replace function public.surveyor_conflict_reason(surveyor integer, practice integer)
returns text
language sql stable as $$
  select c.reason
    from public.surveyor_conflicts c
    join public.practices p on p.organisation_id = practice
   where c.user_id = surveyor
     and not c.archived
     and (c.practice_id = p.organisation_id or (c.network_id is not null and c.network_id = p.network_id))
     and coalesce(c.to_date, current_date) >= (current_date - interval '3 years')::date
   order by c.practice_id is null, c.created_at desc
   limit 1
$$;

-- How and when a surveyor was offered a visit and answered.
alter table public.survey_visitors
  add column offered_at timestamptz,
  add column offered_by_id integer references public.users (id),
  add column responded_at timestamptz,
  add column decline_reason text check (decline_reason is null or length(decline_reason) <= 500),
  add constraint survey_visitors_decline_has_reason check (status <> 'DECLINED' or decline_reason is not null or responded_at is null);

create trigger surveyor_conflicts_audit after insert or update or delete on public.surveyor_conflicts
  for each row execute function public.audit_row('id');
