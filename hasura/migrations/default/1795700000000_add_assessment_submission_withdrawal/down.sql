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
                  where sub.assessment_id = a.id and sub.user_id = s.user_id)
    from public.accreditations acc,
         lateral (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                         hasura_session ->> 'x-hasura-role' as role) s
   where acc.id = a.accreditation_id
$$;
comment on function public.access_to_assessment(public.assessments, json) is
  'Who the session''s user is on the assessment (see the type assessment_access).';

-- The withdrawn rows cannot stay under the old once-per-user constraint (the audit log keeps them).
delete from public.assessment_submissions where withdrawn_at is not null;
drop index public.assessment_submissions_one_live;
alter table public.assessment_submissions
  add constraint assessment_submissions_assessment_id_user_id_key unique (assessment_id, user_id);
comment on table public.assessment_submissions is 'Who submitted an assessment for review, and when; once per user.';

alter table public.assessment_submissions
  drop constraint assessment_submissions_withdrawn_by_when,
  drop column withdrawn_by_id,
  drop column withdrawn_at;
