import type { QueryName } from './queries.ts';

// biome-ignore lint/suspicious/noExplicitAny: digests walk untyped GraphQL response bodies.
export type Json = Record<string, any>;

/**
 * A small digest of a result (row ids, counts) that must be equal across the engine, the raw SQL
 * and PostGraphile: a benchmark of different answers would compare nothing.
 */
export function engineFingerprint(name: QueryName, data: Json): unknown {
  switch (name) {
    case 'list':
      return {
        ids: data.practices.map((p: Json) => p.organisation_id),
        count: data.practices_aggregate.aggregate.count,
        networks: data.practice_networks.map((n: Json) => n.name),
        visitors: data.practices.flatMap((p: Json) =>
          (p.current_accreditation?.survey_visits ?? []).flatMap((v: Json) =>
            v.survey_visitors.map((s: Json) => s.user.last_name),
          ),
        ),
        users: data.practices.flatMap((p: Json) => p.practice_users.map((u: Json) => u.user.id)),
        reapplications: data.practices.map((p: Json) => [
          p.reapplications.map((r: Json) => r.status),
          p.reapplications_aggregate.aggregate.count,
        ]),
      };
    case 'assessment': {
      const a = data.assessments_by_pk;
      return {
        id: a.id,
        responses: a.indicator_responses.map((r: Json) => [r.id, r.indicator.code, r.compliance]),
        items: a.indicator_responses.reduce(
          (n: number, r: Json) =>
            n + r.indicator.checklists.reduce((m: number, c: Json) => m + c.checklist_items.length, 0),
          0,
        ),
      };
    }
    case 'by_pk':
      return { id: data.practices_by_pk.organisation_id, status: data.practices_by_pk.status };
    case 'update':
      return { id: data.update_practices_by_pk.organisation_id, value: data.update_practices_by_pk.is_amds };
  }
}

export function postgraphileFingerprint(name: QueryName, data: Json): unknown {
  switch (name) {
    case 'list':
      return {
        ids: data.allPractices.nodes.map((p: Json) => p.organisationId),
        count: data.allPractices.totalCount,
        networks: data.allPracticeNetworks.nodes.map((n: Json) => n.name),
        visitors: data.allPractices.nodes.flatMap((p: Json) =>
          (p.accreditationByCurrentAccreditationId?.surveyVisitsByAccreditationId.nodes ?? []).flatMap(
            (v: Json) => v.surveyVisitorsBySurveyVisitId.nodes.map((s: Json) => s.userByUserId.lastName),
          ),
        ),
        users: data.allPractices.nodes.flatMap((p: Json) =>
          p.practiceUsersByPracticeId.nodes.map((u: Json) => u.userByUserId.rowId),
        ),
        reapplications: data.allPractices.nodes.map((p: Json) => [
          p.reapplicationsByPracticeId.nodes.map((r: Json) => r.status),
          p.reapplicationsByPracticeId.totalCount,
        ]),
      };
    case 'assessment': {
      const a = data.assessmentByRowId;
      const responses = a.indicatorResponsesByAssessmentId.nodes;
      return {
        id: a.rowId,
        responses: responses.map((r: Json) => [r.rowId, r.indicatorByIndicatorId.code, r.compliance]),
        items: responses.reduce(
          (n: number, r: Json) =>
            n +
            r.indicatorByIndicatorId.checklistsByIndicatorId.nodes.reduce(
              (m: number, c: Json) => m + c.checklistItemsByChecklistId.nodes.length,
              0,
            ),
          0,
        ),
      };
    }
    case 'by_pk':
      return {
        id: data.practiceByOrganisationId.organisationId,
        status: data.practiceByOrganisationId.status,
      };
    case 'update':
      return {
        id: data.updatePracticeByOrganisationId.practice.organisationId,
        value: data.updatePracticeByOrganisationId.practice.isAmds,
      };
  }
}
