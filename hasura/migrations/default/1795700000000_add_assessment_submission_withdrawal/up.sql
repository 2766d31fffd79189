-- A submission can be withdrawn instead of deleted (Reopen, docs/decisions/assessments.md): the
-- row keeps who submitted and when, gains who withdrew it and when, and no longer counts as "this
-- user has submitted", so the assessment can be submitted again. At most one live (not withdrawn)
-- submission per user and assessment. Every question "has this user submitted" asks for a live
-- one: access_to_assessment below (and so every predicate and the response guard), the Hasura
-- rules of assessment_submissions and survey_visitors, and the actions.
alter table public.assessment_submissions
  add column withdrawn_at timestamptz,
  add column withdrawn_by_id integer references public.users (id),
  add constraint assessment_submissions_withdrawn_by_when check (withdrawn_by_id is null or withdrawn_at is not null);
comment on column public.assessment_submissions.withdrawn_at is
  'When the submission was withdrawn (the assessment was reopened); null while it counts.';
comment on column public.assessment_submissions.withdrawn_by_id is 'Who withdrew the submission.';

alter table public.assessment_submissions drop constraint assessment_submissions_assessment_id_user_id_key;
create unique index assessment_submissions_one_live on public.assessment_submissions (assessment_id, user_id)
  where withdrawn_at is null;
comment on table public.assessment_submissions is
  'Who submitted an assessment for review, and when; once per user until withdrawn by a reopen.';

create or replace function public.access_to_assessment(a public.assessments, hasura_session json)
returns public.assessment_access language sql stable as $$
  select public.has_practice_role(s.user_id, acc.practice_id, 'PM'),
         public.has_practice_role(s.user_id, acc.practice_id, 'SU'),
         exists (select 1 from public.survey_visits v
                   join public.survey_visitors sv on sv.survey_visit_id = v.id
                  where v.id = a.survey_visit_id and not v.archived
                    and sv.user_id = s.user_id and sv.status = 'ACCEPTED'),
         -- The request's role, as userPermissions reads it (the admin secret counts as a provider admin).
         case s.role when 'qam' then 'qam' when 'provider_admin' then 'provider_admin'
                     when 'admin' then 'provider_admin' end,
         exists (select 1 from public.assessment_submissions sub
                  where sub.assessment_id = a.id and sub.user_id = s.user_id and sub.withdrawn_at is null)
    from public.accreditations acc,
         lateral (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                         hasura_session ->> 'x-hasura-role' as role) s
   where acc.id = a.accreditation_id
$$;
comment on function public.access_to_assessment(public.assessments, json) is
  'Who the session''s user is on the assessment (see the type assessment_access); only live submissions count.';
