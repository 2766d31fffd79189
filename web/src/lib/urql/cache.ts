import type { CacheExchangeOpts } from '@urql/exchange-graphcache';
import type { IntrospectionQuery } from 'graphql';

// `npm run -w @portal/web schema` writes schema.json from the engine. The glob is empty when the
// file does not exist yet, so the cache simply runs without schema awareness until then.
const introspection = Object.values(
  import.meta.glob<IntrospectionQuery>('./schema.json', { eager: true, import: 'default' }),
)[0];

/** Whether the cache knows the schema (partial results, interfaces, enum awareness). */
export const hasSchema = introspection !== undefined;

/** Normalised-cache configuration; Hasura keys most rows by `id`, these by something else. */
export const cacheOptions: CacheExchangeOpts = {
  ...(introspection ? { schema: introspection } : {}),
  keys: {
    practices: (practice) => String(practice.organisation_id ?? ''),
    // Aggregates and enum rows are not entities of their own.
    practices_aggregate: () => null,
    practices_aggregate_fields: () => null,
    person_title: (row) => String(row.value ?? ''),
    australian_state: (row) => String(row.value ?? ''),
    // The practice list's shared row fields (packages/domain) select assessments without their id.
    assessments: (row) => (row.id == null ? null : String(row.id)),
    // Parts of an assessment that are only ever read through it.
    assessment_counts: () => null,
    assessment_submissions: () => null,
    comments_aggregate: () => null,
    comments_aggregate_fields: () => null,
    // The Documents screen's counts, and the outputs of its actions (plain answers).
    documents_aggregate: () => null,
    documents_aggregate_fields: () => null,
    ArchiveDocumentsOutput: () => null,
    MoveDocumentsOutput: () => null,
    DocumentsZipUrlOutput: () => null,
    // Action outputs: the flags are per practice; their groups are plain values.
    UserPermissions: (row) => (row.practiceId == null ? null : String(row.practiceId)),
    AssessmentPermissionFlags: () => null,
    IndicatorResponsePermissionFlags: () => null,
    PracticeStaffPermissionFlags: () => null,
    PracticePermissionFlags: () => null,
    // Short-lived download URLs: asked for on each click (network-only), never entities.
    DocumentDownloadUrlOutput: () => null,
    ResourceDownloadUrlOutput: () => null,
    CertificateDownloadUrlOutput: () => null,
    WebinarAuthorizeUrlOutput: () => null,
    WebinarsOutput: () => null,
    Webinar: () => null,
    WebinarConnectionOutput: () => null,
    // Survey planning: the list and one visit's screen are answers of actions, re-asked after each step.
    visit_reason: (row) => String(row.value ?? ''),
    SurveyPlanningOutput: () => null,
    SurveyPlanningRow: () => null,
    SurveyPlanningQam: () => null,
    SurveyPlanningVisit: () => null,
    PlanningSurveyor: () => null,
    PlanningDay: () => null,
    CreateSurveyVisitOutput: () => null,
    OfferSurveyVisitOutput: () => null,
    RequestPreferredDaysOutput: () => null,
    FinaliseSurveyVisitOutput: () => null,
    SendSurveyConfirmationOutput: () => null,
    // Survey offers, conflicts and preferred days: a search answer (practices and networks share
    // ids, so the kind is part of the key) and plain action answers.
    ConflictSubject: (row) => (row.id == null ? null : `${String(row.kind)}:${String(row.id)}`),
    ConflictOutput: () => null,
    SurveyOfferOutput: () => null,
    SavePreferredDaysOutput: () => null,
  },
};
