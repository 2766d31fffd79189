-- A cycle may have any number of visits of every type (spec 000 §3: ACCREDITATION, SURVEILLANCE,
-- RELOCATION, GAP), kept apart by one rule: at most one open visit of a type, open meaning being
-- planned (not FINAL) and not archived. The domain's twin is `isOpenVisit` / `newVisitTypeProblem`
-- (packages/domain survey-planning/cycle-visits.ts); the createSurveyVisit action asks it first and
-- answers with its sentence. Planning never made two visits in a cycle before; should a database
-- hold two open visits of one type, this stops on them (archive one, then migrate again).
create unique index survey_visits_one_open_visit_per_type on public.survey_visits (accreditation_id, type)
  where not archived and status <> 'FINAL';
