-- Assessments (self assessments and survey visit assessments), their responses per
-- indicator, and what gathers around them: submissions, agreements, locks, comments.
create table public.assessments (
  id integer generated always as identity primary key,
  accreditation_id integer not null references public.accreditations (id),
  survey_visit_id integer unique references public.survey_visits (id),
  type text not null references public.assessment_type (value),
  status text not null default 'IN_PROGRESS' references public.assessment_status (value),
  due_date date,
  action_plan_due date,
  copied_from_assessment_id integer references public.assessments (id),
  last_updated_by_id integer references public.users (id) default public.current_app_user_id(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint assessments_visit_matches_type check ((type = 'SURVEY_VISIT') = (survey_visit_id is not null)),
  -- Statuses each kind can reach (spec 001 §4).
  constraint assessments_status_fits_type check (
    (type = 'PRESURVEY' and status in ('IN_PROGRESS', 'UNDER_REVIEW', 'COMPLETED'))
    or (type = 'SURVEY_VISIT' and status <> 'COMPLETED'))
);
comment on table public.assessments is 'A self assessment (PRESURVEY) or survey visit assessment of an accreditation.';
create unique index assessments_one_self_assessment on public.assessments (accreditation_id) where type = 'PRESURVEY';
create index assessments_accreditation_id_idx on public.assessments (accreditation_id);
create index assessments_status_idx on public.assessments (status);
create trigger assessments_set_updated_at before update on public.assessments for each row execute function public.set_updated_at();

create table public.assessment_submissions (
  id integer generated always as identity primary key,
  assessment_id integer not null references public.assessments (id),
  user_id integer not null references public.users (id),
  submitted_at timestamptz not null default now(),
  unique (assessment_id, user_id)
);
comment on table public.assessment_submissions is 'Who submitted an assessment for review, and when; once per user.';

create table public.confidentiality_signs (
  id integer generated always as identity primary key,
  assessment_id integer not null references public.assessments (id),
  user_id integer not null references public.users (id),
  agreement_version text not null default '1',
  signed_at timestamptz not null default now(),
  unique (assessment_id, user_id)
);
comment on table public.confidentiality_signs is 'Confidentiality agreements signed by surveyors before a survey assessment.';

-- The rating a likelihood and an impact give (spec 001 §4 risk matrix).
create or replace function public.risk_rating_for(likelihood text, impact text) returns text
language sql immutable strict as $$
  select case likelihood
    when 'HIGH' then case impact when 'LOW' then 'MODERATE' when 'MODERATE' then 'HIGH' when 'HIGH' then 'CRITICAL' end
    when 'MODERATE' then case impact when 'LOW' then 'LOW' when 'MODERATE' then 'MODERATE' when 'HIGH' then 'HIGH' end
    when 'LOW' then case impact when 'LOW' then 'LOW' when 'MODERATE' then 'LOW' when 'HIGH' then 'MODERATE' end
  end
$$;
comment on function public.risk_rating_for(text, text) is 'Risk matrix: likelihood x impact -> rating.';

create table public.indicator_responses (
  id integer generated always as identity primary key,
  assessment_id integer not null references public.assessments (id),
  indicator_id integer not null references public.indicators (id),
  compliance text references public.compliance (value),
  is_marked_complete boolean not null default false,
  further_action_required boolean not null default false,
  reviewed boolean not null default false,
  non_conformity_status text not null default 'OPEN' references public.non_conformity_status (value),
  refer_to_ca boolean not null default false,
  date_closed date,
  non_compliance_statement text,
  non_compliance_type text,
  risk_type text,
  risk_likelihood text references public.risk_level (value),
  risk_impact text references public.risk_level (value),
  risk_rating text references public.risk_rating (value),
  observation text,
  nc_status_created_by_id integer references public.users (id),
  last_updated_by_id integer references public.users (id) default public.current_app_user_id(),
  -- Ticks per question number, then per item number: {"1": {"1": true, "2": false}}.
  checklists jsonb not null default '{}' check (jsonb_typeof(checklists) = 'object'),
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (assessment_id, indicator_id),
  constraint indicator_responses_closed_has_date check ((non_conformity_status = 'CLOSED') = (date_closed is not null)),
  constraint indicator_responses_rating_follows_matrix check (
    risk_likelihood is null or risk_impact is null or risk_rating = public.risk_rating_for(risk_likelihood, risk_impact))
);
comment on table public.indicator_responses is 'The rating of one indicator in one assessment (spec 001 §3).';
create index indicator_responses_indicator_id_idx on public.indicator_responses (indicator_id);
create trigger indicator_responses_set_updated_at before update on public.indicator_responses for each row execute function public.set_updated_at();

alter table public.documents
  add constraint documents_indicator_response_id_fkey
  foreign key (indicator_response_id) references public.indicator_responses (id);

create table public.action_plan_activities (
  id integer generated always as identity primary key,
  indicator_response_id integer not null references public.indicator_responses (id),
  description text not null check (length(trim(description)) > 0),
  responsible text,
  due_date date,
  status text not null default 'OPEN' references public.non_conformity_status (value),
  closed_at timestamptz,
  closed_by_id integer references public.users (id),
  archived boolean not null default false,
  created_by_id integer references public.users (id) default public.current_app_user_id(),
  created_at timestamptz not null default now(),
  constraint action_plan_activities_closed_stamp check ((status = 'CLOSED') = (closed_at is not null))
);
comment on table public.action_plan_activities is 'Activities a practice plans to close a non-conformity.';
create index action_plan_activities_response_idx on public.action_plan_activities (indicator_response_id);

-- Who is editing which indicator right now. Locks expire, so a closed browser never holds one.
create table public.indicator_locks (
  id integer generated always as identity primary key,
  assessment_id integer not null references public.assessments (id),
  indicator_response_id integer not null references public.indicator_responses (id),
  user_id integer not null references public.users (id),
  fields jsonb not null default '[]' check (jsonb_typeof(fields) = 'array'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '2 minutes',
  unique (indicator_response_id, user_id),
  check (expires_at > created_at)
);
comment on table public.indicator_locks is 'Live editing locks on indicator responses, shown to other users.';
create index indicator_locks_assessment_id_idx on public.indicator_locks (assessment_id);

create table public.comments (
  id integer generated always as identity primary key,
  practice_id integer not null references public.practices (organisation_id),
  indicator_response_id integer not null references public.indicator_responses (id),
  comment text not null check (length(trim(comment)) > 0),
  practice_relationship text references public.comment_relationship (value),
  created_by_id integer references public.users (id) default public.current_app_user_id(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  archived boolean not null default false
);
comment on table public.comments is 'Comments on an indicator response, newest first.';
create index comments_response_created_idx on public.comments (indicator_response_id, created_at desc) where not archived;
create index comments_practice_id_idx on public.comments (practice_id);
create trigger comments_set_updated_at before update on public.comments for each row execute function public.set_updated_at();

create table public.general_comments (
  id integer generated always as identity primary key,
  assessment_id integer not null references public.assessments (id),
  user_id integer not null references public.users (id),
  text text not null default '',
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.general_comments is 'Surveyor summaries of a survey visit, one per surveyor.';
create unique index general_comments_one_per_surveyor on public.general_comments (assessment_id, user_id) where not archived;
create trigger general_comments_set_updated_at before update on public.general_comments for each row execute function public.set_updated_at();

create table public.review_history (
  id integer generated always as identity primary key,
  assessment_id integer not null references public.assessments (id),
  sent_by_id integer references public.users (id),
  sent_to text not null,
  sent_at timestamptz not null default now()
);
comment on table public.review_history is 'Each time a practice was notified that non-conformities were reviewed.';
create index review_history_assessment_id_idx on public.review_history (assessment_id, sent_at desc);

-- Counts shown on an assessment, derived from its responses rather than stored twice.
create view public.assessment_counts as
select a.id as assessment_id,
  coalesce(public.survey_version_indicator_count(v), 0) as total,
  coalesce(r.complete, 0) as complete,
  coalesce(r.mets, 0) as mets,
  coalesce(r.not_mets, 0) as not_mets,
  coalesce(r.improvements, 0) as improvements,
  coalesce(r.risk_closed, 0) as risk_closed,
  coalesce(r.risk_critical, 0) as risk_critical,
  coalesce(r.risk_major, 0) as risk_major,
  coalesce(r.risk_moderate, 0) as risk_moderate,
  coalesce(r.risk_minor, 0) as risk_minor
from public.assessments a
join public.accreditations acc on acc.id = a.accreditation_id
left join public.survey_versions v on v.id = acc.survey_version_id
left join lateral (
  select
    count(*) filter (where case when a.type = 'PRESURVEY'
                                then x.is_marked_complete or x.compliance = 'NOT_APPLICABLE'
                                else x.compliance is not null end)::integer as complete,
    count(*) filter (where x.compliance = 'MET')::integer as mets,
    count(*) filter (where x.compliance = 'NOT_MET')::integer as not_mets,
    count(*) filter (where length(trim(coalesce(x.observation, ''))) > 0)::integer as improvements,
    count(*) filter (where x.compliance = 'NOT_MET' and x.non_conformity_status = 'CLOSED')::integer as risk_closed,
    count(*) filter (where x.compliance = 'NOT_MET' and x.risk_rating = 'CRITICAL')::integer as risk_critical,
    count(*) filter (where x.compliance = 'NOT_MET' and x.risk_rating = 'HIGH')::integer as risk_major,
    count(*) filter (where x.compliance = 'NOT_MET' and x.risk_rating = 'MODERATE')::integer as risk_moderate,
    count(*) filter (where x.compliance = 'NOT_MET' and x.risk_rating = 'LOW')::integer as risk_minor
  from public.indicator_responses x
  where x.assessment_id = a.id and not x.archived
) r on true;
comment on view public.assessment_counts is 'Totals of an assessment: complete, met, not met, improvements, risks.';
