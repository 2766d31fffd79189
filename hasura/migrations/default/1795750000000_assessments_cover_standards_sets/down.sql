create or replace function public.survey_version_indicator_count(survey_version public.survey_versions)
returns integer language sql stable as $$
  select count(*)::integer from public.indicators i
    join public.indicator_sets s on s.id = i.indicator_set_id
   where s.survey_version_id = survey_version.id
$$;
comment on function public.survey_version_indicator_count(public.survey_versions) is 'Number of indicators in a survey version.';

create or replace view public.assessment_counts as
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
