alter table public.survey_visits
  drop constraint survey_visits_confirmation_stamp_whole,
  drop column confirmation_received_by_id,
  drop column confirmation_received_at;

alter table public.reapplications
  drop constraint reapplications_submission_stamp_whole,
  drop column submitted_by_id,
  drop column submitted_at;
