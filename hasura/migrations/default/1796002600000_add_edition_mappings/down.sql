drop trigger assessments_not_moved on public.assessments;
drop function public.refuse_change_to_moved_assessment();
drop trigger documents_not_moved on public.documents;
drop trigger general_comments_not_moved on public.general_comments;
drop trigger indicator_locks_not_moved on public.indicator_locks;
drop trigger comments_not_moved on public.comments;
drop trigger indicator_responses_not_moved_delete on public.indicator_responses;
drop trigger indicator_responses_not_moved_update on public.indicator_responses;
drop trigger indicator_responses_not_moved_insert on public.indicator_responses;
drop function public.refuse_write_to_moved_responses();
drop function public.refuse_write_to_moved_assessment();
drop table public.assessment_move_documents;
drop table public.assessment_moves;
drop trigger indicator_responses_clear_review on public.indicator_responses;
drop function public.clear_review_after_move();
alter table public.indicator_responses drop column review_after_move, drop column new_in_edition;
drop trigger assessments_take_cycle_edition on public.assessments;
drop function public.assessments_take_cycle_edition();
create or replace view public.assessment_counts AS
 SELECT a.id AS assessment_id,
    COALESCE(public.survey_version_indicator_count(v.*), 0) AS total,
    COALESCE(r.complete, 0) AS complete,
    COALESCE(r.mets, 0) AS mets,
    COALESCE(r.not_mets, 0) AS not_mets,
    COALESCE(r.improvements, 0) AS improvements,
    COALESCE(r.risk_closed, 0) AS risk_closed,
    COALESCE(r.risk_critical, 0) AS risk_critical,
    COALESCE(r.risk_major, 0) AS risk_major,
    COALESCE(r.risk_moderate, 0) AS risk_moderate,
    COALESCE(r.risk_minor, 0) AS risk_minor
   FROM (((public.assessments a
     JOIN public.accreditations acc ON ((acc.id = a.accreditation_id)))
     LEFT JOIN public.survey_versions v ON ((v.id = acc.survey_version_id)))
     LEFT JOIN LATERAL ( SELECT (count(*) FILTER (WHERE
                CASE
                    WHEN (a.type = 'PRESURVEY'::text) THEN (x.is_marked_complete OR (x.compliance = 'NOT_APPLICABLE'::text))
                    ELSE (x.compliance IS NOT NULL)
                END))::integer AS complete,
            (count(*) FILTER (WHERE (x.compliance = 'MET'::text)))::integer AS mets,
            (count(*) FILTER (WHERE (x.compliance = 'NOT_MET'::text)))::integer AS not_mets,
            (count(*) FILTER (WHERE (length(TRIM(BOTH FROM COALESCE(x.observation, ''::text))) > 0)))::integer AS improvements,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.non_conformity_status = 'CLOSED'::text))))::integer AS risk_closed,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.risk_rating = 'CRITICAL'::text))))::integer AS risk_critical,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.risk_rating = 'HIGH'::text))))::integer AS risk_major,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.risk_rating = 'MODERATE'::text))))::integer AS risk_moderate,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.risk_rating = 'LOW'::text))))::integer AS risk_minor
           FROM ((public.indicator_responses x
             JOIN public.indicators i ON ((i.id = x.indicator_id)))
             JOIN public.indicator_sets s ON (((s.id = i.indicator_set_id) AND (s.type = 'STANDARDS'::text))))
          WHERE ((x.assessment_id = a.id) AND (NOT x.archived))) r ON (true));

drop index public.assessments_one_self_assessment;
create unique index assessments_one_self_assessment on public.assessments using btree (accreditation_id) where (type = 'PRESURVEY'::text);
drop index public.assessments_survey_visit_id_key;
alter table public.assessments add constraint assessments_survey_visit_id_key unique (survey_visit_id);
alter table public.assessments drop column moved_to_assessment_id, drop column survey_version_id;
drop table public.edition_item_mappings;
drop table public.edition_indicator_mappings;
drop table public.edition_mappings;
drop function public.check_edition_mapping();
