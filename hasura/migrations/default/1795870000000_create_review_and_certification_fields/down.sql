drop index if exists public.certificates_one_valid_per_assessment;
alter table public.certificates
  drop column issued_by_id,
  drop column superseded_by_id,
  drop column superseded_at,
  drop column verification_code,
  drop column certificate_number;
drop table public.assessment_status_changes;
alter table public.assessments drop column repeat_assessment_required;
alter table public.indicator_responses drop column action_plan;
alter table public.indicators drop column mandatory;
