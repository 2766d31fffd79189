-- Who submitted a renewal and who confirmed a survey visit, and when. Both are written only by the
-- actions service (`submitReapplication`, `confirmSurveyVisit`), which stamps the signed-in user and
-- the server's time; no Hasura role may write them. Rows from before these stamps (renewals paid
-- and visits confirmed on paper) keep them null, so the status alone does not require them; a
-- stamp is whole or absent.

alter table public.reapplications
  add column submitted_at timestamptz,
  add column submitted_by_id integer references public.users (id),
  add constraint reapplications_submission_stamp_whole
    check ((submitted_at is null) = (submitted_by_id is null));
comment on column public.reapplications.submitted_at is 'When the practice submitted the renewal (DUE → PAYMENT_PENDING).';
comment on column public.reapplications.submitted_by_id is 'Who submitted the renewal.';

alter table public.survey_visits
  add column confirmation_received_at timestamptz,
  add column confirmation_received_by_id integer references public.users (id),
  add constraint survey_visits_confirmation_stamp_whole
    check ((confirmation_received_at is null) = (confirmation_received_by_id is null));
comment on column public.survey_visits.confirmation_received_at is 'When the practice confirmed the survey visit online (SENT → RECEIVED).';
comment on column public.survey_visits.confirmation_received_by_id is 'Who confirmed the survey visit.';
