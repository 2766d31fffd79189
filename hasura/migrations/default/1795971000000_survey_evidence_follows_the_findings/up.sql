-- A survey finding's documents are read under the findings' own rule (issue 28): the evidence a
-- surveyor attaches to an indicator response of a survey was listed and downloaded by the
-- practice manager before the review, and by a surveyor who had not signed the confidentiality
-- agreement, while the finding itself was hidden from both.
--
-- document_can_read is written once for the database: the select permission of documents asks it
-- for role user as the computed field can_read (rules only, granted to no role), and the actions
-- that list, download or zip documents (documentDownloadUrl, documentsZipUrl and its GET, the
-- archive and move actions) ask the same function with the caller's session, so a document's file
-- is reachable exactly when its row is readable through GraphQL.
--
-- The back office (qam, provider_admin; the admin secret) reads every document, archived ones
-- too, as before. Role user reads a live, uploaded document of an ACTIVE practice they are an
-- active member of (PM or SU), as before, and a document of an indicator response only where
-- they may read that response (assessment_can_read_responses, the twin of the domain's
-- canReadAssessmentFindings: a survey's findings after the review for its PM, after signing while
-- in progress for a surveyor). One expression with no FROM, so the planner inlines it.

create function public.document_can_read(d public.documents, hasura_session json)
returns boolean language sql stable as $$
  select case
           when hasura_session ->> 'x-hasura-role' in ('qam', 'provider_admin', 'admin') then true
           when hasura_session ->> 'x-hasura-role' = 'user' then
             not d.archived and d.uploaded_at is not null
             and exists (
               select 1 from public.practices p
                 join public.practice_users pu on pu.practice_id = p.organisation_id
                where p.organisation_id = d.practice_id and p.active_status = 'ACTIVE' and pu.active
                  and pu.user_id = nullif(hasura_session ->> 'x-hasura-user-id', '')::integer)
             and (d.indicator_response_id is null or exists (
               select 1 from public.indicator_responses r
                 join public.assessments a on a.id = r.assessment_id
                where r.id = d.indicator_response_id
                  and public.assessment_can_read_responses(a, hasura_session)))
           else false
         end
$$;
comment on function public.document_can_read(public.documents, json) is
  'Computed field can_read (rules only): the session may read the document, and so download its file; a finding''s documents follow the finding (assessment_can_read_responses).';
