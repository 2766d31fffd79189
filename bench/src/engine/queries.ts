/**
 * The four benchmarked operations, each written for the engine (Hasura dialect) and for
 * PostGraphile v5 (Amber preset + connection filter plugin). Both ask for the same rows and
 * columns; the README lists what differs in the SQL either one generates.
 */

/** Parameters picked from the data set at start (they depend on generated ids). */
export interface BenchParams {
  /** `_ilike` pattern of the list search (name or suburb). */
  search: string;
  /** Practice status filter of the list. */
  status: string;
  /** A SURVEY_VISIT assessment with 40+ indicator responses. */
  assessmentId: number;
  /** The practice read by pk and updated. */
  practiceId: number;
}

export type QueryName = 'list' | 'assessment' | 'by_pk' | 'update';

/** One operation in both dialects; `variables(i)` varies per iteration only for the update. */
export interface BenchQuery {
  name: QueryName;
  title: string;
  engine: { query: string; variables: (i: number) => Record<string, unknown> };
  postgraphile: { query: string; variables: (i: number) => Record<string, unknown> };
}

const LIST_WHERE = `{
      status: { _eq: $status }
      _or: [
        { organisation: { name: { _ilike: $search } } }
        { organisation: { physical_address: { suburb: { _ilike: $search } } } }
      ]
    }`;

const ENGINE_LIST = `query PracticeList($status: practice_status_enum!, $search: String!, $limit: Int!, $offset: Int!) {
  practices(
    where: ${LIST_WHERE}
    order_by: [{ current_accreditation: { effective_expiry_date: asc_nulls_last } }, { organisation_id: asc }]
    limit: $limit
    offset: $offset
  ) {
    organisation_id
    status
    active_status
    organisation {
      name
      email
      phone
      physical_address { street suburb state postcode }
    }
    network { name }
    current_accreditation {
      id
      status
      application_date
      expiry_date
      ext_date
      qam { first_name last_name }
      survey_visits(order_by: { due: asc }) {
        id
        type
        status
        date
        due
        survey_visitors(order_by: { id: asc }) {
          is_lead
          status
          user { first_name last_name }
        }
      }
    }
    practice_users(where: { active: { _eq: true } }, order_by: { id: asc }) {
      role
      user { id first_name last_name email }
    }
    reapplications(order_by: { created_at: desc }) { status due_date }
    reapplications_aggregate { aggregate { count } }
  }
  practices_aggregate(where: ${LIST_WHERE}) {
    aggregate { count }
  }
  practice_networks(where: { practices: ${LIST_WHERE} }, order_by: { name: asc }) {
    name
  }
}`;

const PGL_LIST_FILTER = `{
      status: { equalTo: $status }
      or: [
        { organisationByOrganisationId: { name: { likeInsensitive: $search } } }
        { organisationByOrganisationId: { addressByPhysicalAddressId: { suburb: { likeInsensitive: $search } } } }
      ]
    }`;

const PGL_LIST = `query PracticeList($status: String!, $search: String!, $limit: Int!, $offset: Int!) {
  allPractices(
    filter: ${PGL_LIST_FILTER}
    orderBy: [CURRENT_ACCREDITATION_EXPIRY_DATE_ASC, ORGANISATION_ID_ASC]
    first: $limit
    offset: $offset
  ) {
    totalCount
    nodes {
      organisationId
      status
      activeStatus
      organisationByOrganisationId {
        name
        email
        phone
        addressByPhysicalAddressId { street suburb state postcode }
      }
      practiceNetworkByNetworkId { name }
      accreditationByCurrentAccreditationId {
        rowId
        status
        applicationDate
        expiryDate
        extDate
        userByQamId { firstName lastName }
        surveyVisitsByAccreditationId(orderBy: DUE_ASC) {
          nodes {
            rowId
            type
            status
            date
            due
            surveyVisitorsBySurveyVisitId(orderBy: ROW_ID_ASC) {
              nodes {
                isLead
                status
                userByUserId { firstName lastName }
              }
            }
          }
        }
      }
      practiceUsersByPracticeId(condition: { active: true }, orderBy: ROW_ID_ASC) {
        nodes {
          role
          userByUserId { rowId firstName lastName email }
        }
      }
      reapplicationsByPracticeId(orderBy: CREATED_AT_DESC) {
        totalCount
        nodes { status dueDate }
      }
    }
  }
  allPracticeNetworks(filter: { practicesByNetworkId: { some: ${PGL_LIST_FILTER} } }, orderBy: NAME_ASC) {
    nodes { name }
  }
}`;

const ENGINE_ASSESSMENT = `query AssessmentRead($id: Int!) {
  assessments_by_pk(id: $id) {
    id
    type
    status
    due_date
    updated_at
    survey_visit { id date status }
    indicator_responses(order_by: { indicator_id: asc }) {
      id
      compliance
      is_marked_complete
      further_action_required
      reviewed
      non_conformity_status
      refer_to_ca
      date_closed
      non_compliance_statement
      non_compliance_type
      risk_type
      risk_likelihood
      risk_impact
      risk_rating
      observation
      checklists
      updated_at
      indicator {
        id
        code
        name
        criterion_code
        checklists(order_by: { question_number: asc }) {
          id
          question_number
          question_text
          checklist_items(order_by: { item_number: asc }) { id item_number item_text must_have }
        }
      }
    }
  }
}`;

const PGL_ASSESSMENT = `query AssessmentRead($id: Int!) {
  assessmentByRowId(rowId: $id) {
    rowId
    type
    status
    dueDate
    updatedAt
    surveyVisitBySurveyVisitId { rowId date status }
    indicatorResponsesByAssessmentId(orderBy: INDICATOR_ID_ASC) {
      nodes {
        rowId
        compliance
        isMarkedComplete
        furtherActionRequired
        reviewed
        nonConformityStatus
        referToCa
        dateClosed
        nonComplianceStatement
        nonComplianceType
        riskType
        riskLikelihood
        riskImpact
        riskRating
        observation
        checklists
        updatedAt
        indicatorByIndicatorId {
          rowId
          code
          name
          criterionCode
          checklistsByIndicatorId(orderBy: QUESTION_NUMBER_ASC) {
            nodes {
              rowId
              questionNumber
              questionText
              checklistItemsByChecklistId(orderBy: ITEM_NUMBER_ASC) {
                nodes { rowId itemNumber itemText mustHave }
              }
            }
          }
        }
      }
    }
  }
}`;

const ENGINE_BY_PK = `query PracticeByPk($id: Int!) {
  practices_by_pk(organisation_id: $id) { organisation_id status active_status is_amds network_id updated_at }
}`;

const PGL_BY_PK = `query PracticeByPk($id: Int!) {
  practiceByOrganisationId(organisationId: $id) { organisationId status activeStatus isAmds networkId updatedAt }
}`;

const ENGINE_UPDATE = `mutation ToggleAmds($id: Int!, $value: Boolean!) {
  update_practices_by_pk(pk_columns: { organisation_id: $id }, _set: { is_amds: $value }) { organisation_id is_amds }
}`;

const PGL_UPDATE = `mutation ToggleAmds($id: Int!, $value: Boolean!) {
  updatePracticeByOrganisationId(input: { organisationId: $id, practicePatch: { isAmds: $value } }) {
    practice { organisationId isAmds }
  }
}`;

/** The four operations with the chosen parameters. */
export function benchQueries(p: BenchParams): BenchQuery[] {
  const list = { status: p.status, search: p.search, limit: 25, offset: 0 };
  const assessment = { id: p.assessmentId };
  const byPk = { id: p.practiceId };
  const update = (i: number) => ({ id: p.practiceId, value: i % 2 === 0 });
  return [
    {
      name: 'list',
      title: 'practice list (25 rows + count + networks)',
      engine: { query: ENGINE_LIST, variables: () => list },
      postgraphile: { query: PGL_LIST, variables: () => list },
    },
    {
      name: 'assessment',
      title: 'assessment read (all responses + checklists)',
      engine: { query: ENGINE_ASSESSMENT, variables: () => assessment },
      postgraphile: { query: PGL_ASSESSMENT, variables: () => assessment },
    },
    {
      name: 'by_pk',
      title: 'practice by pk',
      engine: { query: ENGINE_BY_PK, variables: () => byPk },
      postgraphile: { query: PGL_BY_PK, variables: () => byPk },
    },
    {
      name: 'update',
      title: 'single-row update by pk',
      engine: { query: ENGINE_UPDATE, variables: update },
      postgraphile: { query: PGL_UPDATE, variables: update },
    },
  ];
}

/** The live query of the fan-out scenarios (a practice by pk). */
export const LIVE_QUERY = `subscription PracticeLive($id: Int!) {
  practices_by_pk(organisation_id: $id) { organisation_id status is_amds updated_at }
}`;
